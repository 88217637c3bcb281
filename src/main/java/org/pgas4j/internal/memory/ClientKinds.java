package org.pgas4j.internal.memory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.MemoryKind;
import org.pgas4j.MemoryKindClass;
import org.pgas4j.MemoryKindSpec;
import org.pgas4j.Settings;
import org.pgas4j.internal.kinds.DeviceRuntime;
import org.pgas4j.internal.kinds.SimDevice;
import org.pgas4j.internal.kinds.SimDeviceConfig;

/**
 * A client's memory kinds: creates them ({@code gex_MK_Create}), knows which devices this PE may
 * use, keeps one {@link SimDevice} per simulated device (its capacity is per PE and device, shared
 * by every kind on it), and frees what is left at close.
 */
public final class ClientKinds {
    private final Client client;
    private final AtomicInteger ids = new AtomicInteger();
    private final Set<Kind> live = ConcurrentHashMap.newKeySet();
    private final Map<Integer, SimDevice> simDevices = new ConcurrentHashMap<>();

    public ClientKinds(Client client) {
        this.client = client;
    }

    public MemoryKind create(MemoryKindSpec spec) {
        if (spec == null) {
            throw new BadArgumentException("createMemoryKind on PE " + client.jobRank() + ": spec is null");
        }
        Kind k = Kind.create(client, ids.incrementAndGet(), spec);
        live.add(k);
        return k;
    }

    public List<Integer> visibleDevices(MemoryKindClass kindClass) {
        List<Integer> out = new ArrayList<>();
        if (kindClass == MemoryKindClass.DEVICE_SIM) {
            SimDeviceConfig c = simConfig();
            for (int d = 0; d < c.devices(); d++) {
                if (c.visible(d, client.jobRank(), client.jobSize())) {
                    out.add(d);
                }
            }
        } else {
            DeviceRuntime runtime = runtime(kindClass);
            if (runtime != null) {
                out.addAll(runtime.probe().usableDevices());
            }
        }
        return out;
    }

    /** The runtime of a native device class (CUDA_UVA, HIP, ZE), or null for the other classes. */
    public static DeviceRuntime runtime(MemoryKindClass kindClass) {
        return switch (kindClass) {
            case CUDA_UVA -> DeviceRuntime.CUDA;
            case HIP -> DeviceRuntime.HIP;
            case ZE -> DeviceRuntime.ZE;
            case HOST, FILE, DEVICE_SIM -> null;
        };
    }

    /** The simulated device {@code ordinal} of this PE, checked against the configuration. */
    public SimDevice simDevice(int ordinal) {
        SimDeviceConfig c = simConfig();
        int rank = client.jobRank();
        if (ordinal < 0 || ordinal >= c.devices()) {
            throw new BadArgumentException("createMemoryKind on PE " + rank + ": simulated device " + ordinal
                    + " does not exist; this host has " + c.devices() + " (pgas4j.devsim.devices)");
        }
        if (!c.visible(ordinal, rank, client.jobSize())) {
            throw new BadArgumentException("createMemoryKind on PE " + rank + ": simulated device " + ordinal
                    + " is not visible to PE " + rank + " (pgas4j.devsim.visible=" + c.visibility() + ")");
        }
        return simDevices.computeIfAbsent(ordinal, d -> new SimDevice(d, c.capacity(), client.jobId(), rank));
    }

    public void destroyed(Kind k) {
        live.remove(k);
    }

    /** Frees the device buffers of every kind still alive (segments are freed by the client first). */
    public void releaseAtClose() {
        for (Kind k : live) {
            k.releaseAtClose();
        }
        live.clear();
    }

    private static SimDeviceConfig simConfig() {
        try {
            return new SimDeviceConfig(Settings.DEVSIM_DEVICES.value(), Settings.DEVSIM_CAPACITY.value(),
                    Settings.DEVSIM_VISIBLE.value());
        } catch (IllegalArgumentException e) {
            throw new BadArgumentException("the simulated-device settings (pgas4j.devsim.*) are invalid: "
                    + e.getMessage());
        }
    }
}
