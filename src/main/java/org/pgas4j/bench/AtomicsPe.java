package org.pgas4j.bench;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.pgas4j.AtomicOp;
import org.pgas4j.AtomicResult;
import org.pgas4j.AtomicType;
import org.pgas4j.Atomics;
import org.pgas4j.Client;
import org.pgas4j.Event;
import org.pgas4j.Team;

/**
 * A PE of {@code bench atomics} (OSU {@code osu_oshm_atomics} style): PE 0 performs atomics on
 * longs in PE 1's segment, one kind at a time, while PE 1 waits in a barrier; then PE 1 checks
 * that its counters hold exactly the number of operations performed. Kinds: blocking
 * {@code fetchAddLong} (latency), non-blocking fetch-adds back to back in windows (rate), and
 * blocking {@code compareAndSwapLong} that always succeeds (latency). Every fetched value is
 * checked, so the fetching instruction cannot be replaced by a non-fetching one. PE 0 prints
 * {@code fadd_lat_us}, {@code fadd_mops} and {@code cas_lat_us}.
 *
 * <p>Argument: the plan's name. Run with 2 PEs by {@link AtomicsBenchmark}.
 */
public final class AtomicsPe {
    /** The blocking fetch-add counter in PE 1's segment; each counter on a cache line of its own. */
    static final long FADD_OFFSET = 0;
    /** The non-blocking fetch-add counter. */
    static final long NB_OFFSET = 64;
    /** The compare-and-swap counter. */
    static final long CAS_OFFSET = 128;

    private AtomicsPe() {
    }

    /**
     * Runs one PE.
     *
     * @param args the plan's name
     */
    public static void main(String[] args) {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: AtomicsPe PLAN");
        }
        AtomicsPlan plan = AtomicsPlan.named(args[0]);
        try (Client client = Client.init()) {
            PeChecks.requirePes(client, JvmCommands.PES);
            Team world = client.world();
            Atomics atomics = client.atomics();
            world.barrier();
            if (world.rank() == 0) {
                ResultLine.print(AtomicsMetrics.FADD_LAT_US,
                        RmaMetrics.micros(nanosPerOperation(plan, (start, n) -> fetchAddLoop(atomics, world, start, n))));
                AtomicResult[] results = new AtomicResult[plan.window()];
                for (int i = 0; i < results.length; i++) {
                    results[i] = new AtomicResult();
                }
                Event[] events = new Event[plan.window()];
                double nanos = nanosPerOperation(plan, (start, n) -> fetchAddNbLoop(atomics, world, results, events, start, n));
                ResultLine.print(AtomicsMetrics.FADD_MOPS, 1_000.0 / nanos);
                ResultLine.print(AtomicsMetrics.CAS_LAT_US,
                        RmaMetrics.micros(nanosPerOperation(plan, (start, n) -> compareAndSwapLoop(atomics, world, start, n))));
            }
            world.barrier();
            if (world.rank() == 1) {
                checkCounters(client.primordialEndpoint().boundSegment().orElseThrow().memory(), plan.total());
            }
        }
    }

    /** A timed loop of one kind of atomic, from counter value {@code start}. */
    interface Loop {
        /**
         * Performs {@code n} operations, the counter going from {@code start} to {@code start + n}.
         *
         * @return the elapsed nanoseconds
         * @throws IllegalStateException if a fetched value is not the counter's expected value
         */
        long run(long start, int n);
    }

    /** Warm-up, one untimed repetition, then the median nanoseconds per operation of the timed ones. */
    static double nanosPerOperation(AtomicsPlan plan, Loop loop) {
        long counter = 0;
        loop.run(counter, plan.warmup());
        counter += plan.warmup();
        loop.run(counter, plan.iterations());
        counter += plan.iterations();
        double[] reps = new double[plan.repetitions()];
        for (int r = 0; r < reps.length; r++) {
            reps[r] = (double) loop.run(counter, plan.iterations()) / plan.iterations();
            counter += plan.iterations();
        }
        return Median.of(reps);
    }

    /** {@code n} blocking fetch-adds of 1 on PE 1's counter. */
    static long fetchAddLoop(Atomics atomics, Team world, long start, int n) {
        long begin = System.nanoTime();
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += atomics.fetchAddLong(world, 1, FADD_OFFSET, 1);
        }
        long elapsed = System.nanoTime() - begin;
        checkSum("fetchAddLong", sum, start, n);
        return elapsed;
    }

    /** {@code n} non-blocking fetch-adds, {@code events.length} in flight between waits. */
    static long fetchAddNbLoop(Atomics atomics, Team world, AtomicResult[] results, Event[] events, long start, int n) {
        long begin = System.nanoTime();
        long sum = 0;
        for (int i = 0; i < n; i += events.length) {
            for (int k = 0; k < events.length; k++) {
                events[k] = atomics.opNB(results[k], world, 1, NB_OFFSET, AtomicType.LONG, AtomicOp.FADD, 1, 0);
            }
            Event.waitAll(events);
            for (AtomicResult r : results) {
                sum += r.asLong();
            }
        }
        long elapsed = System.nanoTime() - begin;
        checkSum("opNB FADD", sum, start, n);
        return elapsed;
    }

    /** {@code n} blocking compare-and-swaps of the counter's value with its successor. */
    static long compareAndSwapLoop(Atomics atomics, Team world, long start, int n) {
        long begin = System.nanoTime();
        long expected = start;
        for (int i = 0; i < n; i++) {
            long old = atomics.compareAndSwapLong(world, 1, CAS_OFFSET, expected, expected + 1);
            if (old != expected) {
                throw new IllegalStateException("compareAndSwapLong found " + old + ", expected " + expected);
            }
            expected++;
        }
        return System.nanoTime() - begin;
    }

    /** The fetched values of {@code n} fetch-adds of 1 from {@code start} sum to an arithmetic series. */
    private static void checkSum(String what, long sum, long start, int n) {
        long expected = n * start + (long) n * (n - 1) / 2;
        if (sum != expected) {
            throw new IllegalStateException(what + ": the fetched values sum to " + sum + ", not " + expected
                    + ": an update was lost or duplicated");
        }
    }

    private static void checkCounters(MemorySegment own, long total) {
        for (long offset : new long[] {FADD_OFFSET, NB_OFFSET, CAS_OFFSET}) {
            long v = own.get(ValueLayout.JAVA_LONG, offset);
            if (v != total) {
                throw new IllegalStateException("counter at offset " + offset + " of PE 1 is " + v + " after " + total
                        + " atomic increments");
            }
        }
    }
}
