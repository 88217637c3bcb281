package org.pgas4j.shmem;

import static org.pgas4j.shmem.Expect.equal;
import static org.pgas4j.shmem.Expect.that;
import static org.pgas4j.shmem.Expect.throwsA;

import java.lang.foreign.ValueLayout;
import java.util.LinkedHashMap;
import java.util.Map;
import org.pgas4j.BadArgumentException;
import org.pgas4j.ReduceOp;

/** Seed 001's memory spaces: creation and its failures, allocation, teams, destroy, and the undefined-behaviour table. */
final class SpaceScenarios {
    private SpaceScenarios() {
    }

    static Map<String, ShmemScenario> all() {
        Map<String, ShmemScenario> s = new LinkedHashMap<>();
        s.put("defaultSpaceIsWorldAccessibleCpu", SpaceScenarios::defaultSpace);
        s.put("spaceCreateMallocRmaDestroy", SpaceScenarios::lifecycle);
        s.put("spaceCreateFailsOnEveryPe", SpaceScenarios::failures);
        s.put("spaceDestroyRefusedWhileTeamsLive", SpaceScenarios::destroyRefused);
        s.put("invalidSpaceHandleRules", SpaceScenarios::invalidHandle);
        s.put("ub1_useOfADestroyedSpaceIsRefused", SpaceScenarios::destroyedSpace);
        s.put("ub2_mismatchedAllocationAndFreeIsRefused", SpaceScenarios::mismatchedFree);
        s.put("ub5_getSpaceOfAFreedObjectIsRefused", SpaceScenarios::getSpaceOfFreed);
        s.put("collectiveBuffersFromTwoSpacesAreRefused", SpaceScenarios::mixedSpaces);
        s.put("deviceSimSpace_rmaAndOwnerAtomics_noDirectCollOrSignal", SpaceScenarios::deviceSpace);
        s.put("deviceSimSpace_beyondTheDevicesCapacityFailsOnEveryPe", SpaceScenarios::deviceTooLarge);
        return s;
    }

    static void defaultSpace(Shmem s) {
        MemorySpace d = s.defaultSpace();
        that(d.isValid(), "valid");
        that(d.deviceType() == DeviceType.CPU, "CPU");
        that(d.team() == s.teamWorld(), "its team is SHMEM_TEAM_WORLD");
        long need = MemorySpace.CAP_RMA | MemorySpace.CAP_COLL | MemorySpace.CAP_AMO | MemorySpace.CAP_DIRECT
                | MemorySpace.CAP_WORLD;
        that(d.has(need), "caps " + Long.toHexString(d.caps()));
        that((d.caps() & MemorySpace.CAP_IDENT_ADDR) == 0, "no identical numeric addresses");
        that(s.deviceTypes().contains(DeviceType.CPU), "CPU is a device type of this job");
        SymmetricArray a = s.malloc(ShmemType.INT, 1);
        that(s.getSpace(a) == d && a.space() == d, "malloc allocates from the default space");
        s.free(a);
    }

    static SpaceCreation create(Shmem s, long size) {
        SpaceCreation c = s.spaceCreate(SpaceConfig.of(DeviceType.CPU, size));
        that(c.succeeded(), "creation: " + c.reason());
        return c;
    }

    static void lifecycle(Shmem s) {
        SpaceCreation c = create(s, 64 * 1024);
        MemorySpace space = c.space();
        ShmemTeam team = c.team();
        that(c.isMember() && space.isValid() && team.isValid(), "every PE reaches CPU memory");
        equal(s.nPes(), team.nPes(), "the space team has every PE");
        that(space.isWorldAccessible(), "world-accessible");
        that(space.team() == team, "get_team");
        that(space.deviceType() == DeviceType.CPU, "get_device_type");
        equal(64 * 1024, space.sizePerPe(), "size per PE");
        SymmetricArray a = s.spaceMalloc(space, ShmemType.LONG, 16);
        SymmetricArray z = s.spaceCalloc(space, ShmemType.LONG, 16);
        that(s.getSpace(a) == space, "get_space");
        that(s.spaceMalloc(space, ShmemType.LONG, 0) == null, "zero size: null");
        that(s.spaceCalloc(space, ShmemType.LONG, 0) == null, "zero count: null");
        for (int i = 0; i < 16; i++) {
            equal(0, s.local(z).getAtIndex(ValueLayout.JAVA_LONG, i), "space calloc zeroes");
        }
        team.sync(); // nobody writes into z before every PE has checked it
        int right = (team.myPe() + 1) % team.nPes();
        ShmemContext ctx = team.createContext(0);
        ctx.put(a, 0, new long[] {team.myPe(), 7}, 0, 2, right);
        ctx.atomicAdd(z, 0, 3, 0);
        ctx.quiet();
        team.sync();
        equal((team.myPe() + team.nPes() - 1) % team.nPes(), s.local(a).getAtIndex(ValueLayout.JAVA_LONG, 0),
                "RMA into the space routed by the destination's space");
        if (team.myPe() == 0) {
            equal(3L * team.nPes(), s.local(z).getAtIndex(ValueLayout.JAVA_LONG, 0), "atomics in the space");
        }
        // Seed 001's first example: a 2-D team on the space team, a broadcast of space data on it.
        ShmemTeam.Split2d grid = team.split2d(2);
        s.local(a).setAtIndex(ValueLayout.JAVA_LONG, 1, 1000 + team.myPe());
        s.collectives().broadcast(grid.xAxis(), z, a.slice(1, 1), 1, 0);
        equal(1000 + team.myPe() / 2 * 2, s.local(z).getAtIndex(ValueLayout.JAVA_LONG, 0), "broadcast on the 2-D team");
        s.collectives().reduce(team, ReduceOp.SUM, z, a.slice(1, 1), 1);
        ctx.destroy();
        grid.xAxis().destroy();
        grid.yAxis().destroy();
        s.spaceFree(space, a);
        s.spaceFree(space, z);
        s.spaceFree(space, null);
        team.destroy();
        equal(0, s.spaceDestroy(space), "destroyed");
        that(!space.isValid(), "no longer valid");
    }

    static void failures(Shmem s) {
        SpaceCreation zero = s.spaceCreate(SpaceConfig.of(DeviceType.CPU, 0));
        that(!zero.succeeded() && zero.space() == MemorySpace.INVALID && zero.team() == ShmemTeam.INVALID,
                "size 0 fails with invalid handles");
        that(zero.reason().contains("sizePerPe"), zero.reason());
        SpaceCreation flags = s.spaceCreate(new SpaceConfig(DeviceType.CPU, 4096, 8));
        that(!flags.succeeded() && flags.reason().contains("flags"), "undefined flags: " + flags.reason());
        SpaceCreation huge = s.spaceCreate(SpaceConfig.of(DeviceType.CPU, s.defaultSpace().sizePerPe() * 4));
        that(!huge.succeeded() && huge.reason().contains("capacity"), "too large: " + huge.reason());
        if (org.pgas4j.MemoryKindClass.CUDA_UVA.unavailableReason().isPresent()) { // a GPU host has the device
            SpaceCreation nobody = s.spaceCreate(SpaceConfig.of(DeviceType.CUDA, 4096));
            that(!nobody.succeeded() && nobody.reason().contains("empty"), "no PE has the device: " + nobody.reason());
        }
        SpaceCreation none = s.spaceCreate(null);
        that(!none.succeeded(), "null configuration");
        SpaceCreation differ = s.spaceCreate(SpaceConfig.of(DeviceType.CPU, 4096 + 64L * (s.myPe() % 2)));
        equal(s.nPes() > 1 ? 1 : 0, differ.status(), "configurations that differ between PEs: " + differ.reason());
        if (differ.succeeded()) {
            differ.team().destroy();
            equal(0, s.spaceDestroy(differ.space()), "the single-PE space goes");
        }
        SymmetricArray after = s.malloc(ShmemType.INT, 4); // the failures left the heap symmetric
        s.ctxDefault().pInt(after, 0, s.myPe(), (s.myPe() + 1) % s.nPes());
        s.barrierAll();
        equal((s.myPe() + s.nPes() - 1) % s.nPes(), s.local(after).getAtIndex(ValueLayout.JAVA_INT, 0),
                "heap symmetric after failed creations");
        s.free(after);
    }

    static void destroyRefused(Shmem s) {
        SpaceCreation c = create(s, 8192);
        ShmemTeam half = c.team().splitStrided(0, 1, Math.max(1, c.team().nPes() / 2));
        equal(1, s.spaceDestroy(c.space()), "the space team is alive: nonzero, no effect");
        that(c.space().isValid(), "still valid");
        c.team().destroy();
        equal(1, s.spaceDestroy(c.space()), "a team split from the space team is alive on some member");
        half.destroy(); // nothing for the PEs that got SHMEM_TEAM_INVALID
        equal(0, s.spaceDestroy(c.space()), "now it goes, on every member");
        that(!c.space().isValid(), "destroyed");
    }

    static void invalidHandle(Shmem s) {
        MemorySpace bad = MemorySpace.INVALID;
        that(!bad.isValid(), "INVALID is not valid");
        that(s.spaceMalloc(bad, ShmemType.INT, 4) == null, "malloc on INVALID is null");
        that(s.spaceCalloc(bad, ShmemType.INT, 4) == null, "calloc on INVALID is null");
        SymmetricArray a = s.malloc(ShmemType.INT, 1);
        s.spaceFree(bad, a); // no effect
        that(!a.isFreed(), "free on INVALID does nothing");
        equal(0, s.spaceDestroy(bad), "destroy of INVALID does nothing");
        throwsA(IllegalStateException.class, "get_team of INVALID (nonzero in C)", bad::team);
        throwsA(IllegalStateException.class, "get_device_type of INVALID", bad::deviceType);
        throwsA(IllegalStateException.class, "get_caps of INVALID", bad::caps);
        s.free(a);
    }

    static void destroyedSpace(Shmem s) {
        SpaceCreation c = create(s, 4096);
        c.team().destroy();
        equal(0, s.spaceDestroy(c.space()), "destroyed");
        IllegalStateException e = throwsA(IllegalStateException.class, "malloc on a destroyed space",
                () -> s.spaceMalloc(c.space(), ShmemType.INT, 1));
        that(e.getMessage().contains("destroyed"), e.getMessage());
        throwsA(IllegalStateException.class, "destroying twice", () -> s.spaceDestroy(c.space()));
        throwsA(IllegalStateException.class, "caps of a destroyed space", () -> c.space().caps());
    }

    static void mismatchedFree(Shmem s) {
        SpaceCreation c = create(s, 4096);
        SymmetricArray fromDefault = s.malloc(ShmemType.INT, 4);
        SymmetricArray fromSpace = s.spaceMalloc(c.space(), ShmemType.INT, 4);
        IllegalStateException e = throwsA(IllegalStateException.class, "freeing default memory through the space",
                () -> s.spaceFree(c.space(), fromDefault));
        that(e.getMessage().contains("default space"), e.getMessage());
        throwsA(IllegalStateException.class, "freeing space memory with free", () -> s.free(fromSpace));
        s.spaceFree(c.space(), fromSpace);
        s.free(fromDefault);
        c.team().destroy();
        equal(0, s.spaceDestroy(c.space()), "destroyed");
    }

    static void getSpaceOfFreed(Shmem s) {
        SymmetricArray a = s.malloc(ShmemType.INT, 4);
        s.free(a);
        throwsA(IllegalStateException.class, "get_space of a freed object", () -> s.getSpace(a));
        throwsA(BadArgumentException.class, "get_space of null", () -> s.getSpace(null));
    }

    static void mixedSpaces(Shmem s) {
        SpaceCreation c = create(s, 4096);
        SymmetricArray inSpace = s.spaceMalloc(c.space(), ShmemType.INT, 4);
        SymmetricArray inDefault = s.malloc(ShmemType.INT, 4);
        BadArgumentException e = throwsA(BadArgumentException.class, "broadcast across two spaces",
                () -> s.collectives().broadcast(s.teamWorld(), inSpace, inDefault, 4, 0));
        that(e.getMessage().contains("different spaces"), e.getMessage());
        s.free(inDefault);
        s.spaceFree(c.space(), inSpace);
        c.team().destroy();
        equal(0, s.spaceDestroy(c.space()), "destroyed");
    }

    static void deviceSpace(Shmem s) {
        that(s.deviceTypes().contains(DeviceType.DEVICE_SIM), "DEVICE_SIM is a device type here");
        SpaceCreation c = s.spaceCreate(SpaceConfig.of(DeviceType.DEVICE_SIM, 256 * 1024));
        that(c.succeeded() && c.isMember(), "every PE sees a simulated device by default: " + c.reason());
        MemorySpace space = c.space();
        ShmemTeam team = c.team();
        that(space.deviceType() == DeviceType.DEVICE_SIM && space.team() == team, "type and team");
        that(space.has(MemorySpace.CAP_RMA | MemorySpace.CAP_AMO | MemorySpace.CAP_WORLD), "caps "
                + Long.toHexString(space.caps()));
        that((space.caps() & (MemorySpace.CAP_DIRECT | MemorySpace.CAP_COLL | MemorySpace.CAP_SIGNAL)) == 0,
                "device memory: no direct access, collectives or signals; caps " + Long.toHexString(space.caps()));
        SymmetricArray a = s.spaceMalloc(space, ShmemType.LONG, 1000);
        SymmetricArray z = s.spaceCalloc(space, ShmemType.LONG, 4);
        that(s.getSpace(a) == space, "get_space");
        throwsA(IllegalStateException.class, "no direct access to device memory", () -> s.local(a));
        int n = team.nPes();
        int me = team.myPe();
        int right = (me + 1) % n;
        ShmemContext ctx = team.createContext(0);
        long[] mine = new long[999];
        for (int i = 0; i < mine.length; i++) {
            mine[i] = me * 1_000_000L + i;
        }
        ctx.put(a, 1, mine, 0, mine.length, right);
        for (int i = 0; i < 50; i++) {
            ctx.atomicAdd(z, 0, 1, 0);
        }
        ctx.quiet();
        team.sync();
        long[] got = new long[999];
        ctx.get(got, 0, a, 1, got.length, me); // my own device part, through the copy functions
        int left = (me + n - 1) % n;
        for (int i = 0; i < got.length; i++) {
            equal(left * 1_000_000L + i, got[i], "element " + i + " put by PE " + left + " into my device memory");
        }
        long[] zero = new long[3];
        ctx.get(zero, 0, z, 1, 3, right);
        equal(0, zero[0] | zero[1] | zero[2], "space calloc zeroes device memory");
        long[] total = new long[1];
        ctx.get(total, 0, z, 0, 1, 0);
        equal(50L * n, total[0], "owner-performed atomics on PE 0's device memory");
        throwsA(RuntimeException.class, "collectives refuse device buffers",
                () -> s.collectives().broadcast(team, a, z, 1, 0));
        team.sync();
        ctx.destroy();
        s.spaceFree(space, a);
        s.spaceFree(space, z);
        team.destroy();
        equal(0, s.spaceDestroy(space), "destroyed");
    }

    static void deviceTooLarge(Shmem s) {
        SpaceCreation c = s.spaceCreate(SpaceConfig.of(DeviceType.DEVICE_SIM, 1L << 40));
        that(!c.succeeded() && c.space() == MemorySpace.INVALID && c.team() == ShmemTeam.INVALID,
                "beyond the capacity: invalid handles on every PE");
        that(c.reason().contains("capacity"), c.reason());
        SpaceCreation after = s.spaceCreate(SpaceConfig.of(DeviceType.DEVICE_SIM, 4096));
        that(after.succeeded(), "a later space still works: " + after.reason());
        after.team().destroy();
        equal(0, s.spaceDestroy(after.space()), "destroyed");
    }
}
