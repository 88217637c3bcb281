package org.pgas4j.internal.memory;

import java.util.List;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.MemoryKindClass;
import org.pgas4j.internal.Directory;
import org.pgas4j.internal.am.AmRmaFallback;
import org.pgas4j.internal.kinds.DeviceRemoteMemory;
import org.pgas4j.internal.kinds.DeviceRuntime;
import org.pgas4j.internal.kinds.FileLink;
import org.pgas4j.internal.kinds.MappedFile;
import org.pgas4j.internal.kinds.SimDevice;
import org.pgas4j.spi.MappedMemory;
import org.pgas4j.spi.RemoteMemory;
import org.pgas4j.spi.Transport;

/**
 * How this process reaches a peer's published segment, chosen from the slot's memory-kind code:
 * the transport for runtime host memory; for a FILE segment on this host, a mapping of the same
 * file; for device memory on this host, the kind's IPC handle; otherwise (another host, memory
 * the transport cannot reach, or {@code pgas4j.rma.path=am}) the owner, over active messages.
 * Client host memory goes through the transport (cross-memory attach on {@code shm}, UCX
 * registration across hosts) unless {@code am} is set or the transport published no descriptor.
 */
public final class PeerSegments {
    private final Client client;
    private final Transport transport;
    private final boolean throughOwner;
    private final AmRmaFallback fallback;

    public PeerSegments(Client client, Transport transport, boolean throughOwner, AmRmaFallback fallback) {
        this.client = client;
        this.transport = transport;
        this.throughOwner = throughOwner;
        this.fallback = fallback;
    }

    /**
     * A device of this PE through which a peer's IPC handle of class {@code c} is opened: device
     * {@code first} (for ZE, the loader's device of that index, in a context pgas4j creates).
     */
    private static org.pgas4j.internal.kinds.NativeDevice peerDevice(MemoryKindClass c, int first, String operation) {
        return switch (c) {
            case HIP -> DeviceRuntime.HIP.open(first, operation);
            case ZE -> DeviceRuntime.ZE.open(DeviceRuntime.ZE.deviceHandle(first, operation), 0, 0, operation);
            default -> DeviceRuntime.CUDA.open(first, operation);
        };
    }

    /** Reaches the segment endpoint {@code ep} of PE {@code j} published in {@code slot}. */
    public RemoteMemory open(int j, int ep, Directory.Slot slot, String who, String operation) {
        int code = slot.kindId();
        MemoryKindClass c = KindCodes.classOf(code);
        if (c == null) {
            throw new BadArgumentException(operation + " from PE " + client.jobRank() + ": " + who + " published segment "
                    + slot.segmentId() + " with memory-kind code " + code + ", which this PE does not know");
        }
        boolean runtimeHost = c == MemoryKindClass.HOST && !KindCodes.clientAllocated(code);
        // Host memory is the transport's to reach (its descriptor says how, from any host); other
        // kinds are opened by mapping or IPC handle, which only works on the owner's host.
        boolean mappedHere = c == MemoryKindClass.HOST || transport.sharesHostWith(j);
        if (!runtimeHost && (throughOwner || !mappedHere || slot.descriptor().length == 0)) {
            return fallback.memoryOf(j, ep, slot.segmentId(), slot.size(), c);
        }
        return switch (c) {
            case HOST -> transport.attach(j, slot.descriptor(), slot.size());
            case FILE -> {
                MappedFile f = FileLink.open(slot.descriptor(), slot.size(), j);
                yield new MappedMemory(f.segment(), f::release);
            }
            case DEVICE_SIM -> new DeviceRemoteMemory(SimDevice.open(slot.descriptor(), slot.size(), j),
                    true);
            case CUDA_UVA, HIP, ZE -> {
                List<Integer> devices = client.visibleDevices(c);
                yield devices.isEmpty() ? fallback.memoryOf(j, ep, slot.segmentId(), slot.size(), c)
                        : new DeviceRemoteMemory(peerDevice(c, devices.getFirst(), operation).open(slot.descriptor(),
                        slot.size(), true), true);
            }
        };
    }
}
