package org.pgas4j.bench;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The memcpy baseline, run in a plain JVM (nothing of pgas4j): {@code MemorySegment.copy} between
 * two native segments of this process, the same sizes, iteration counts and repetitions as the
 * put bandwidth test. Prints {@code memcpy_bw_MBps/SIZE} result lines.
 *
 * <p>Argument: the plan's name. Started by {@link RmaBenchmark}.
 */
public final class MemcpyProbe {
    private MemcpyProbe() {
    }

    /**
     * Measures and prints the copy bandwidth at every size of the plan.
     *
     * @param args the plan's name
     */
    public static void main(String[] args) {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: MemcpyProbe PLAN");
        }
        RmaPlan plan = RmaPlan.named(args[0]);
        long[] sizes = plan.sizes();
        double[] mbps = new double[sizes.length];
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(RmaPlan.MAX_SIZE, 4096);
            MemorySegment dst = arena.allocate(RmaPlan.MAX_SIZE, 4096);
            src.fill((byte) 0x5a);
            double[] nanos = SizeSweep.nanosPerOperation(plan, (size, n) -> copyLoop(src, dst, size, n));
            for (int i = 0; i < sizes.length; i++) {
                mbps[i] = RmaMetrics.megabytesPerSecond(sizes[i], nanos[i]);
            }
        }
        ResultLine.printSizes(RmaMetrics.MEMCPY_BW_MBPS, sizes, mbps);
    }

    /** {@code n} copies of {@code size} bytes from {@code src} to {@code dst}; returns the elapsed nanoseconds. */
    static long copyLoop(MemorySegment src, MemorySegment dst, long size, int n) {
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            MemorySegment.copy(src, 0, dst, 0, size);
        }
        return System.nanoTime() - start;
    }
}
