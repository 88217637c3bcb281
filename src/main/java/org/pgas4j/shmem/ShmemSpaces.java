package org.pgas4j.shmem;

import java.util.EnumSet;
import java.util.Set;
import org.pgas4j.AccelerationHint;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.Endpoint;
import org.pgas4j.EndpointCapability;
import org.pgas4j.MemoryKind;
import org.pgas4j.MemoryKindClass;
import org.pgas4j.MemoryKindSpec;
import org.pgas4j.ReduceOp;
import org.pgas4j.ResourceException;
import org.pgas4j.Segment;
import org.pgas4j.Team;

/**
 * The memory spaces of seed 001 beyond the default one: which device types the job reaches,
 * collective creation (a CPU space carved out of the default heap, or a device space on a
 * segment and endpoint of its own, with its space-associated team) and destruction.
 */
final class ShmemSpaces {
    private final Shmem shmem;
    private final Client client;
    private final MemorySpace defaultSpace;
    private final ShmemChecks checks;
    private final ShmemContexts contexts;
    private int nextSpaceId = 1;

    ShmemSpaces(Shmem shmem, Client client, MemorySpace defaultSpace, ShmemChecks checks, ShmemContexts contexts) {
        this.shmem = shmem;
        this.client = client;
        this.defaultSpace = defaultSpace;
        this.checks = checks;
        this.contexts = contexts;
    }

    /** The device types this job can create spaces on. */
    static Set<DeviceType> deviceTypes() {
        Set<DeviceType> types = EnumSet.of(DeviceType.CPU);
        if (MemoryKindClass.DEVICE_SIM.unavailableReason().isEmpty()) {
            types.add(DeviceType.DEVICE_SIM);
        }
        if (MemoryKindClass.CUDA_UVA.unavailableReason().isEmpty()) {
            types.add(DeviceType.CUDA);
        }
        return types;
    }

    /** {@code shmem_space_create}, after the open check: see {@link Shmem#spaceCreate}. */
    SpaceCreation create(SpaceConfig config) {
        Team w = client.world();
        String problem = config == null ? "config is null" : config.problem();
        int device = config == null || config.deviceType() == null ? -1 : config.deviceType().ordinal();
        long size = config == null ? -1 : config.sizePerPe();
        int flags = config == null ? -1 : config.flags();
        long[] args = {device, size, flags, -device, -size, -flags};
        long[] agreed = new long[args.length];
        client.collectives().allreduce(w, agreed, args, ReduceOp.MAX);
        boolean differ = agreed[0] != -agreed[3] || agreed[1] != -agreed[4] || agreed[2] != -agreed[5];
        int id = nextSpaceId++;
        if (differ) {
            return failedSpace("the configuration differs between PEs (identical configurations are required)");
        }
        if (problem != null) {
            return failedSpace("invalid configuration: " + problem);
        }
        boolean member = canReach(config.deviceType());
        long members = client.collectives().allreduceLong(w, member ? 1 : 0, ReduceOp.SUM);
        if (members == 0) {
            return failedSpace("no PE can reach device type " + config.deviceType()
                    + " (the space-associated team would be empty)");
        }
        long bytes = (config.sizePerPe() + SymmetricHeap.MIN_ALIGNMENT - 1) & -SymmetricHeap.MIN_ALIGNMENT;
        return config.deviceType() == DeviceType.CPU ? cpuSpace(id, config, bytes, member, members)
                : deviceSpace(id, config, bytes, member, members);
    }

    /** A CPU space, carved out of the default heap: the same collective step on every PE. */
    private SpaceCreation cpuSpace(int id, SpaceConfig config, long bytes, boolean member, long members) {
        Team w = client.world();
        long block = defaultSpace.heap.allocate(bytes, SymmetricHeap.MIN_ALIGNMENT);
        long fits = client.collectives().allreduceLong(w, block >= 0 ? 1 : 0, ReduceOp.MIN);
        if (fits == 0) {
            if (block >= 0) {
                defaultSpace.heap.release(block);
            }
            return failedSpace("sizePerPe " + config.sizePerPe() + " exceeds the capacity left on the device ("
                    + defaultSpace.heap.largestFree() + " bytes free in this PE's host heap)");
        }
        Team core = w.split(member ? 0 : -1, w.rank());
        if (!member) {
            return new SpaceCreation(0, MemorySpace.INVALID, ShmemTeam.INVALID, null);
        }
        long caps = MemorySpace.CAP_RMA | MemorySpace.CAP_COLL | MemorySpace.CAP_AMO | MemorySpace.CAP_DIRECT
                | MemorySpace.CAP_SIGNAL | (members == shmem.nPes() ? MemorySpace.CAP_WORLD : 0);
        MemorySpace space = new MemorySpace(shmem, id, config.deviceType(), bytes, caps, core, block,
                defaultSpace.local.asSlice(block, bytes), block, w, null);
        space.local.fill((byte) 0);
        return joined(space, core, id);
    }

    /**
     * A device space: on each member, a segment of its first visible device of the type, bound to
     * an endpoint of its own and published; peers reach it through a team pair of that endpoint.
     * Every PE creates the endpoint (members bind it), so its index is the same everywhere.
     * Device memory is not host-addressable: no CAP_DIRECT, CAP_COLL or CAP_SIGNAL; atomics are
     * performed by the owner (CAP_AMO) on DEVICE_SIM and absent on CUDA.
     */
    private SpaceCreation deviceSpace(int id, SpaceConfig config, long bytes, boolean member, long members) {
        Team w = client.world();
        Endpoint ep = client.createEndpoint(EnumSet.of(EndpointCapability.RMA, EndpointCapability.AM),
                EnumSet.noneOf(AccelerationHint.class));
        MemoryKindClass kindClass = config.deviceType() == DeviceType.CUDA ? MemoryKindClass.CUDA_UVA
                : MemoryKindClass.DEVICE_SIM;
        MemoryKind kind = null;
        Segment segment = null;
        String problem = null;
        if (member) {
            int device = client.visibleDevices(kindClass).getFirst();
            try {
                kind = client.createMemoryKind(kindClass == MemoryKindClass.CUDA_UVA ? new MemoryKindSpec.CudaUva(device)
                        : new MemoryKindSpec.DeviceSim(device));
                segment = client.createSegment(kind, bytes);
            } catch (ResourceException | BadArgumentException e) {
                problem = e.getMessage();
                if (kind != null) {
                    kind.destroy();
                }
            }
        }
        long fits = client.collectives().allreduceLong(w, problem == null ? 1 : 0, ReduceOp.MIN);
        if (fits == 0) {
            if (segment != null) {
                segment.destroy();
                kind.destroy();
            }
            return failedSpace("sizePerPe " + config.sizePerPe() + " exceeds the capacity of the " + config.deviceType()
                    + " device on some PE" + (problem != null ? " (PE " + shmem.myPe() + ": " + problem + ")" : ""));
        }
        Team core = w.split(member ? 0 : -1, w.rank());
        if (!member) {
            return new SpaceCreation(0, MemorySpace.INVALID, ShmemTeam.INVALID, null);
        }
        ep.bindSegment(segment);
        core.publishBoundSegments(ep);
        long caps = MemorySpace.CAP_RMA | (kind.rules().atomics() ? MemorySpace.CAP_AMO : 0)
                | (members == shmem.nPes() ? MemorySpace.CAP_WORLD : 0);
        MemorySpace space = new MemorySpace(shmem, id, config.deviceType(), bytes, caps, core, 0, null, -1,
                client.pair(client.primordialEndpoint(), ep.index()), segment);
        return joined(space, core, id);
    }

    private SpaceCreation joined(MemorySpace space, Team core, int id) {
        ShmemTeam team = new ShmemTeam(shmem, core, space, "space#" + id, false);
        space.team = team;
        space.liveTeams = 1;
        core.barrier();
        return new SpaceCreation(0, space, team, null);
    }

    /** {@code shmem_space_destroy} of a space other than INVALID, after the open check: see {@link Shmem#spaceDestroy}. */
    int destroy(MemorySpace space) {
        checks.checkSpace("spaceDestroy", space);
        if (space == defaultSpace) {
            throw new IllegalStateException("spaceDestroy: the default space lives until finalize");
        }
        // A team alive on any member refuses the destroy on every member.
        long live = client.collectives().allreduceLong(space.coreTeam, space.liveTeams, ReduceOp.MAX);
        if (live > 0) {
            return 1;
        }
        if (space.heap.liveBlocks() > 0) {
            throw new IllegalStateException("spaceDestroy: " + space.describe() + " still holds "
                    + space.heap.liveBlocks() + " allocations on PE " + shmem.myPe() + "; free them first");
        }
        contexts.quietAll();
        space.coreTeam.barrier();
        space.coreTeam.destroy();
        if (space.blockInDefaultHeap >= 0) {
            defaultSpace.heap.release(space.blockInDefaultHeap);
        }
        if (space.deviceSegment != null) {
            MemoryKind kind = space.deviceSegment.kind();
            space.deviceSegment.destroy();
            kind.destroy();
        }
        space.destroyed = true;
        contexts.forget(space);
        return 0;
    }

    private static SpaceCreation failedSpace(String reason) {
        return new SpaceCreation(1, MemorySpace.INVALID, ShmemTeam.INVALID, reason);
    }

    private boolean canReach(DeviceType type) {
        return switch (type) {
            case CPU -> true;
            case DEVICE_SIM -> !client.visibleDevices(MemoryKindClass.DEVICE_SIM).isEmpty();
            case CUDA -> !client.visibleDevices(MemoryKindClass.CUDA_UVA).isEmpty();
        };
    }
}
