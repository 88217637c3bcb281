package org.pgas4j.kinds;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.EnumSet;
import java.util.List;
import java.util.function.Supplier;
import org.pgas4j.AccelerationHint;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.DeviceBuffer;
import org.pgas4j.Endpoint;
import org.pgas4j.EndpointCapability;
import org.pgas4j.MemoryKind;
import org.pgas4j.MemoryKindClass;
import org.pgas4j.MemoryKindSpec;
import org.pgas4j.Segment;
import org.pgas4j.Team;
import org.pgas4j.gaspi.AllocPolicy;
import org.pgas4j.gaspi.Gaspi;
import org.pgas4j.gaspi.GaspiReturn;
import org.pgas4j.gaspi.MemoryDescription;
import org.pgas4j.shmem.DeviceType;
import org.pgas4j.shmem.MemorySpace;
import org.pgas4j.shmem.Shmem;
import org.pgas4j.shmem.ShmemContext;
import org.pgas4j.shmem.ShmemTeam;
import org.pgas4j.shmem.ShmemType;
import org.pgas4j.shmem.SpaceConfig;
import org.pgas4j.shmem.SpaceCreation;
import org.pgas4j.shmem.SymmetricArray;

/**
 * One PE of a job on a host with a real CUDA device (device 0, shared by every PE): CUDA_UVA
 * segments reached from the other PEs through the core API ({@code core}), an OpenSHMEM memory
 * space on the device ({@code shmem}) and a GASPI segment over a device buffer ({@code gaspi}).
 * Each mode prints "PE i: MODE OK" when every check held; the core mode also prints what the
 * transfers achieved ("PE i: figure ..."), for the record. Run by {@link CudaGpuTest}.
 */
public final class CudaGpuPe {
    private static final long BYTES = (1 << 20) + 8192;
    private static final EnumSet<EndpointCapability> RMA_AM = EnumSet.of(EndpointCapability.RMA, EndpointCapability.AM);

    private CudaGpuPe() {
    }

    /** Runs the mode {@code args[0]} ({@code core}, {@code shmem} or {@code gaspi}) on this PE. */
    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "core" -> {
                try (Client c = Client.init()) {
                    orDie(() -> core(c));
                    System.out.println("PE " + c.jobRank() + ": core OK");
                }
            }
            case "shmem" -> shmem();
            case "gaspi" -> gaspi();
            default -> throw new IllegalArgumentException("mode " + args[0]);
        }
    }

    /** The core API's checks; also run in one JVM by the in-JVM transport. */
    public static void core(Client c) {
        int me = c.jobRank();
        int n = c.jobSize();
        int right = (me + 1) % n;
        int left = (me + n - 1) % n;
        List<Integer> devices = c.visibleDevices(MemoryKindClass.CUDA_UVA);
        check(devices.contains(0), () -> "device 0 is visible: " + devices);
        String refused = fails(() -> c.createMemoryKind(new MemoryKindSpec.CudaUva(devices.size() + 7)));
        check(refused.contains("does not exist"), () -> "an ordinal past the devices: " + refused);
        MemoryKind cuda = c.createMemoryKind(new MemoryKindSpec.CudaUva(0));

        Segment target = c.createSegment(cuda, BYTES);
        check(target.deviceAddress() != 0, () -> "a device address");
        String notHost = fails(target::memory);
        check(notHost.contains("not host-addressable"), () -> notHost);
        check(read(target, 0, BYTES).mismatch(Arena.ofAuto().allocate(BYTES)) == -1, () -> "a new segment reads as zeroes");
        String bounds = fails(() -> target.copyFrom(BYTES - 4, pattern(8, 1), 0, 8));
        check(bounds.contains("[0, " + BYTES + ")"), () -> "local bounds: " + bounds);
        Endpoint ep = c.createEndpoint(RMA_AM, EnumSet.noneOf(AccelerationHint.class));
        ep.bindSegment(target);
        c.world().publishBoundSegments(ep);
        Team pair = c.pair(c.primordialEndpoint(), ep.index());

        Segment hostSource = c.createSegment(MemoryKind.HOST, BYTES);
        Segment deviceSource = c.createSegment(cuda, BYTES);
        Segment hostLanding = c.createSegment(MemoryKind.HOST, BYTES);
        Segment deviceLanding = c.createSegment(cuda, BYTES);
        long[][] cases = {{8, 0, 0}, {4097, 13, 7}, {1 << 20, 4096, 0}, {1, BYTES - 1, 5}};
        for (long[] k : cases) {
            long size = k[0];
            long dst = k[1];
            long src = k[2];
            String what = size + " B at " + dst + " from " + src;
            // Host memory into the right neighbour's device segment (its IPC handle, opened here).
            hostSource.memory().copyFrom(pattern(BYTES, 10 + me));
            c.rma().put(pair, right, dst, hostSource, src, size);
            c.world().barrier();
            expect(target, dst, size, 10 + left, src, "host to peer device, " + what);
            c.world().barrier();
            // Device memory into the neighbour's device segment: device to device.
            deviceSource.copyFrom(0, pattern(BYTES, 20 + me), 0, BYTES);
            c.rma().putNB(pair, right, dst, deviceSource, src, size).waitFor();
            c.world().barrier();
            expect(target, dst, size, 20 + left, src, "device to peer device, " + what);
            // What I wrote into the right neighbour's segment, read back to host and to device memory.
            c.rma().get(pair, right, dst, hostLanding, 0, size);
            expect(hostLanding, 0, size, 20 + me, src, "peer device to host, " + what);
            c.rma().getNBI(pair, right, dst, deviceLanding, 0, size);
            c.rma().waitNbi();
            expect(deviceLanding, 0, size, 20 + me, src, "peer device to device, " + what);
            c.world().barrier();
        }
        String past = fails(() -> c.rma().put(pair, right, BYTES - 4, hostSource, 0, 8));
        check(past.contains("PE " + right) && past.contains(Long.toString(BYTES)), () -> "remote bounds: " + past);
        String atomics = fails(() -> c.atomics().fetchAddLong(pair, right, 0, 1));
        check(atomics.contains("atomic"), () -> "atomics on device memory are refused: " + atomics);
        figures(c, pair, right, target, hostSource, deviceSource, hostLanding);
        clientBuffer(c, cuda, hostSource, hostLanding);

        c.world().barrier();
        for (Segment s : List.of(hostSource, deviceSource, hostLanding, deviceLanding)) {
            s.destroy();
        }
        target.destroy();
        cuda.destroy();
    }

    /**
     * A segment over a buffer the application allocated from the kind (offset into it), which is
     * published without an IPC handle: peers reach it through its owner (active messages).
     */
    private static void clientBuffer(Client c, MemoryKind cuda, Segment hostSource, Segment hostLanding) {
        int me = c.jobRank();
        int right = (me + 1) % c.jobSize();
        int left = (me + c.jobSize() - 1) % c.jobSize();
        DeviceBuffer buffer = cuda.allocate(BYTES + 512);
        Segment s = c.createSegment(cuda, buffer.address() + 256, 64 << 10);
        check(s.isClientAllocated(), () -> "client allocated");
        Endpoint ep = c.createEndpoint(RMA_AM, EnumSet.noneOf(AccelerationHint.class));
        ep.bindSegment(s);
        c.world().publishBoundSegments(ep);
        Team pair = c.pair(c.primordialEndpoint(), ep.index());
        hostSource.memory().copyFrom(pattern(BYTES, 30 + me));
        c.rma().put(pair, right, 100, hostSource, 3, 40_000);
        c.world().barrier();
        expect(s, 100, 40_000, 30 + left, 3, "host to a peer's client device buffer");
        MemorySegment viaBuffer = Arena.ofAuto().allocate(40_000);
        buffer.copyTo(256 + 100, viaBuffer, 0, 40_000);
        check(viaBuffer.mismatch(pattern(BYTES, 30 + left).asSlice(3, 40_000)) == -1,
                () -> "the buffer holds what the segment received");
        c.rma().get(pair, right, 100, hostLanding, 0, 40_000);
        expect(hostLanding, 0, 40_000, 30 + me, 3, "a peer's client device buffer to host");
        c.world().barrier();
        s.destroy();
        buffer.free();
    }

    /** Prints what 1 MiB transfers achieve, with the local copy through the kind beside them. */
    private static void figures(Client c, Team pair, int right, Segment target, Segment hostSource,
                                Segment deviceSource, Segment hostLanding) {
        long size = 1 << 20;
        int reps = 200;
        MemorySegment host = hostSource.memory().asSlice(0, size);
        String[] names = {"local copyFrom host->device", "put host->peer device", "put device->peer device",
            "get peer device->host"};
        double[] gbs = new double[names.length];
        for (int round = 0; round < 2; round++) { // the first round warms up
            for (int w = 0; w < names.length; w++) {
                c.world().barrier();
                long t0 = System.nanoTime();
                for (int i = 0; i < reps; i++) {
                    switch (w) {
                        case 0 -> target.copyFrom(0, host, 0, size);
                        case 1 -> c.rma().put(pair, right, 0, hostSource, 0, size);
                        case 2 -> c.rma().put(pair, right, 0, deviceSource, 0, size);
                        default -> c.rma().get(pair, right, 0, hostLanding, 0, size);
                    }
                }
                gbs[w] = (double) size * reps / (System.nanoTime() - t0);
            }
        }
        StringBuilder line = new StringBuilder("PE " + c.jobRank() + ": figure 1 MiB, " + c.jobSize() + " PEs:");
        for (int w = 0; w < names.length; w++) {
            line.append(String.format(" %s %.2f GB/s;", names[w], gbs[w]));
        }
        System.out.println(line);
        // PE 0 alone, the others waiting in the barrier: what one process's copies get when no other
        // process's context competes for the GPU.
        c.world().barrier();
        if (c.jobRank() == 0) {
            double[] alone = new double[2];
            for (int round = 0; round < 2; round++) {
                for (int w = 0; w < 2; w++) {
                    long t0 = System.nanoTime();
                    for (int i = 0; i < reps; i++) {
                        c.rma().put(pair, right, 0, w == 0 ? hostSource : deviceSource, 0, size);
                    }
                    alone[w] = (double) size * reps / (System.nanoTime() - t0);
                }
            }
            System.out.println(String.format("PE 0: figure 1 MiB, PE 0 alone of %d: put host->peer device %.2f GB/s; "
                    + "put device->peer device %.2f GB/s", c.jobSize(), alone[0], alone[1]));
        }
        c.world().barrier();
    }

    private static void shmem() {
        try (Shmem s = Shmem.init()) {
            orDie(() -> shmem(s));
            System.out.println("PE " + s.myPe() + ": shmem OK");
        }
    }

    private static void shmem(Shmem s) {
        check(s.deviceTypes().contains(DeviceType.CUDA), () -> "CUDA is a device type of the job: " + s.deviceTypes());
        SpaceCreation created = s.spaceCreate(SpaceConfig.of(DeviceType.CUDA, 1 << 20));
        check(created.succeeded() && created.isMember(), () -> "a CUDA space on every PE: " + created.reason());
        MemorySpace space = created.space();
        ShmemTeam team = created.team();
        check(team.nPes() == s.nPes(), () -> "the space's team has every PE");
        check((space.caps() & MemorySpace.CAP_RMA) != 0 && (space.caps() & MemorySpace.CAP_AMO) == 0,
                () -> "RMA and no atomics: caps " + Long.toHexString(space.caps()));
        int count = 4096;
        SymmetricArray a = s.spaceCalloc(space, ShmemType.LONG, count);
        int me = team.myPe();
        int right = (me + 1) % team.nPes();
        int left = (me + team.nPes() - 1) % team.nPes();
        long[] mine = new long[count];
        for (int i = 0; i < count; i++) {
            mine[i] = me * 1_000_000L + i;
        }
        ShmemContext ctx = team.createContext(0);
        long[] got = new long[count];
        ctx.get(got, 0, a, 0, count, me);
        for (long v : got) {
            check(v == 0, () -> "space calloc zeroes device memory");
        }
        team.sync();
        ctx.put(a, 1, mine, 1, count - 2, right);
        ctx.quiet();
        team.sync();
        ctx.get(got, 0, a, 0, count, me);
        for (int i = 0; i < count; i++) {
            long want = i == 0 || i == count - 1 ? 0 : left * 1_000_000L + i;
            int at = i;
            check(got[i] == want, () -> "element " + at + ": " + got[at] + ", expected " + want);
        }
        ctx.get(got, 0, a, 0, count, right);
        check(got[5] == me * 1_000_000L + 5, () -> "get from the right neighbour's device memory: " + got[5]);
        team.sync();
        repeatedLargeArrayTransfers(s, space, team, ctx, right, left);
        ctx.destroy();
        s.spaceFree(space, a);
        team.destroy();
        check(s.spaceDestroy(space) == 0, () -> "space destroyed");
    }

    /**
     * 128 KiB array puts and gets of the same (array, offset), three in a row: the size and the
     * repetition that take host memory onto {@code memmove} through a kept view. Device memory is
     * not host-addressable, so these must go the device's way every time, and land.
     */
    private static void repeatedLargeArrayTransfers(Shmem s, MemorySpace space, ShmemTeam team, ShmemContext ctx,
                                                    int right, int left) {
        int count = 16_384;
        SymmetricArray big = s.spaceCalloc(space, ShmemType.LONG, count);
        long[] out = new long[count];
        long[] in = new long[count];
        for (int round = 1; round <= 3; round++) {
            for (int i = 0; i < count; i++) {
                out[i] = round * 10_000_000L + team.myPe() * 100_000L + i;
            }
            ctx.put(big, 0, out, 0, count, right);
            ctx.quiet();
            team.sync();
            ctx.get(in, 0, big, 0, count, team.myPe());
            int r = round;
            for (int i = 0; i < count; i += 997) {
                long want = r * 10_000_000L + left * 100_000L + i;
                int at = i;
                check(in[i] == want, () -> "round " + r + ", element " + at + ": " + in[at] + ", expected " + want);
            }
            check(in[count - 1] == r * 10_000_000L + left * 100_000L + count - 1, () -> "round " + r + ", last element");
            team.sync();
        }
        s.spaceFree(space, big);
    }

    private static void gaspi() {
        try (Gaspi g = Gaspi.init(60_000)) {
            orDie(() -> gaspi(g));
            System.out.println("PE " + g.rank() + ": gaspi OK");
        }
    }

    private static void gaspi(Gaspi g) {
        long t = 60_000;
        int me = g.rank();
        int right = (me + 1) % g.ranks();
        int left = (me + g.ranks() - 1) % g.ranks();
        MemoryDescription d = new MemoryDescription.Cuda(0);
        DeviceBuffer buffer = g.deviceAllocate(d, 8192);
        ok(g.segmentUse(11, d, buffer.address(), 8192, Gaspi.GROUP_ALL, t), "segmentUse CUDA");
        g.segmentAlloc(6, 256, AllocPolicy.INITIALIZED);
        for (int i = 0; i < 32; i++) {
            g.segmentPtr(6).set(ValueLayout.JAVA_LONG, 8L * i, 0xC0DA0000L + me * 100 + i);
        }
        ok(g.writeNotify(6, 0, right, 11, 1024, 256, 3, 9, 0, t), "writeNotify into CUDA memory");
        int[] first = new int[1];
        ok(g.notifyWaitsome(11, 3, 1, first, t), "notifyWaitsome");
        check(g.notifyReset(11, 3) == 9, () -> "notification value");
        ok(g.read(6, 0, me, 11, 1024, 256, 0, t), "read from my CUDA segment");
        ok(g.wait(0, t), "wait");
        for (int i = 0; i < 32; i++) {
            long v = g.segmentPtr(6).get(ValueLayout.JAVA_LONG, 8L * i);
            long want = 0xC0DA0000L + left * 100 + i;
            check(v == want, () -> "word: " + v + ", expected " + want);
        }
        MemorySegment back = Arena.ofAuto().allocate(8);
        buffer.copyTo(1024 + 8, back, 0, 8);
        check(back.get(ValueLayout.JAVA_LONG, 0) == 0xC0DA0000L + left * 100 + 1, () -> "the device buffer holds it");
        ok(g.barrier(Gaspi.GROUP_ALL, t), "barrier");
        g.segmentDelete(11);
        g.segmentDelete(6);
        buffer.free();
    }

    /**
     * Runs {@code body}; a failure ends this process at once, as an assertion does in C: leaving
     * through the facade's close would enter its collective finalize while the others wait in
     * another collective, and the job would hang until its timeout instead of failing.
     */
    private static void orDie(Runnable body) {
        try {
            body.run();
        } catch (Throwable t) {
            t.printStackTrace();
            System.err.flush();
            Runtime.getRuntime().halt(1);
        }
    }

    private static void ok(GaspiReturn r, String what) {
        check(r == GaspiReturn.SUCCESS, () -> what + ": " + r);
    }

    /** Checks that {@code [offset, offset + size)} of {@code s} is the pattern of {@code seed} from {@code from}. */
    private static void expect(Segment s, long offset, long size, int seed, long from, String what) {
        MemorySegment got = read(s, offset, size);
        long at = got.mismatch(pattern(BYTES, seed).asSlice(from, size));
        check(at == -1, () -> what + ": first difference at byte " + at);
    }

    private static MemorySegment read(Segment s, long offset, long size) {
        MemorySegment out = Arena.ofAuto().allocate(size);
        s.copyTo(offset, out, 0, size);
        return out;
    }

    private static MemorySegment pattern(long size, int seed) {
        MemorySegment m = Arena.ofAuto().allocate(size);
        for (long i = 0; i < size; i++) {
            m.set(ValueLayout.JAVA_BYTE, i, (byte) (seed * 31 + i * 7 + (i >>> 8)));
        }
        return m;
    }

    private static String fails(Runnable r) {
        try {
            r.run();
        } catch (BadArgumentException e) {
            return e.getMessage();
        }
        throw new AssertionError("no BadArgumentException");
    }

    private static void check(boolean ok, Supplier<String> what) {
        if (!ok) {
            throw new AssertionError(what.get());
        }
    }
}
