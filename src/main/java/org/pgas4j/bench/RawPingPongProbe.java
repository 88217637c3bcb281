package org.pgas4j.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * One side of the raw ping-pong baseline, run in a plain JVM (nothing of pgas4j): both sides map
 * one shared file ({@link PingPongFileDescriptor}); each publishes its round number with
 * {@code setVolatile} and spins on the other's with {@code getAcquire} and
 * {@link Thread#onSpinWait()}. The pinger prints {@code raw_pingpong_oneway_us}: half the median
 * round trip. In the {@code -yield} modes each wait yields the core instead, and both sides run on
 * one core ({@link RawPingPong#measureSameCore}): the pinger then prints
 * {@code raw_samecore_handoff_us}, what it costs a plain Java process to hand the core to another
 * and get an answer back, halved.
 *
 * <p>Arguments: {@code ping|pong FILE PLAN}. Started in pairs by {@link RawPingPong}.
 */
public final class RawPingPongProbe {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    /** Whether waits yield the core (the same-core hand-off) instead of spinning. */
    private static boolean yielding;

    private RawPingPongProbe() {
    }

    /**
     * Runs one side.
     *
     * @param args {@code ping} or {@code pong}, the shared file, the plan's name
     */
    public static void main(String[] args) {
        if (args.length != 3 || !List.of("ping", "pong", "ping-yield", "pong-yield").contains(args[0])) {
            throw new IllegalArgumentException("usage: RawPingPongProbe ping|pong|ping-yield|pong-yield FILE PLAN");
        }
        yielding = args[0].endsWith("-yield");
        RmaPlan plan = RmaPlan.named(args[2]);
        try (Arena arena = Arena.ofConfined();
             FileChannel channel = FileChannel.open(Path.of(args[1]), StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            MemorySegment shared = channel.map(FileChannel.MapMode.READ_WRITE, 0, PingPongFileDescriptor.LENGTH, arena);
            if (args[0].startsWith("ping")) {
                ResultLine.print(yielding ? CollMetrics.RAW_SAMECORE_HANDOFF_US : RmaMetrics.RAW_PINGPONG_ONEWAY_US,
                        RmaMetrics.micros(pinger(shared, plan) / 2));
            } else {
                pong(shared, plan.pingPongTotal());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot map the ping-pong file " + args[1], e);
        }
    }

    private static double pinger(MemorySegment shared, RmaPlan plan) {
        long round = 1;
        ping(shared, round, plan.pingPongWarmup());
        round += plan.pingPongWarmup();
        int n = plan.pingPongIterations();
        double[] reps = new double[plan.repetitions()];
        for (int r = 0; r < reps.length; r++) {
            reps[r] = (double) ping(shared, round, n) / n;
            round += n;
        }
        return Median.of(reps);
    }

    /** Rounds {@code first .. first + n - 1} as the pinger; returns the elapsed nanoseconds. */
    static long ping(MemorySegment shared, long first, int n) {
        long start = System.nanoTime();
        long end = first + n;
        for (long i = first; i < end; i++) {
            LONG.setVolatile(shared, PingPongFileDescriptor.PING_OFFSET, i);
            awaitValue(shared, PingPongFileDescriptor.PONG_OFFSET, i);
        }
        return System.nanoTime() - start;
    }

    /** Rounds {@code 1 .. total} as the ponger. */
    static void pong(MemorySegment shared, long total) {
        for (long i = 1; i <= total; i++) {
            awaitValue(shared, PingPongFileDescriptor.PING_OFFSET, i);
            LONG.setVolatile(shared, PingPongFileDescriptor.PONG_OFFSET, i);
        }
    }

    private static void awaitValue(MemorySegment shared, long offset, long value) {
        while ((long) LONG.getAcquire(shared, offset) != value) {
            if (yielding) {
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
        }
    }
}
