package org.pgas4j.bench;

import org.pgas4j.launcher.AotTraining;
import org.pgas4j.shmem.Shmem;
import org.pgas4j.shmem.ShmemContext;
import org.pgas4j.shmem.ShmemType;
import org.pgas4j.shmem.SymmetricArray;

/**
 * A PE of {@code bench warmup}: how fast a fresh job is from its first step, through the
 * OpenSHMEM facade, in passes of equal length timed by PE 0.
 * <ul>
 * <li>{@code lockstep}: both PEs, every step {@code count = 0; barrierAll(); slot =
 * atomicFetchAdd(count, 0, 1, peer); pLong(updates, slot, v, peer); barrierAll();} then fold the
 * values that arrived (the pattern of GUPS and NPB IS done in lock step, issue 27).</li>
 * <li>{@code stream}: PE 0 issues, every step, a {@code pLong}, a {@code gLong} and an
 * {@code atomicFetchAdd} to PE 1, which waits in a barrier.</li>
 * </ul>
 * Prints {@code warmup_<loop>_first1k_us} (the first 1,000 steps), {@code _first65k_us} (pass 1),
 * {@code _pass2_us} and {@code _steady_us} (pass 3), microseconds per step; with {@code train},
 * runs both loops and the start-up steps a PMIx-started PE adds ({@link AotTraining#pmixStartUp}):
 * the training of pgas4j's own AOT cache; it prints nothing. Each loop checks what it
 * computed and fails otherwise. Arguments: {@code lockstep|stream|train [STEPS [PASSES]]}.
 */
public final class WarmupPe {
    /** Steps per pass, by default: the 65,536. */
    static final int STEPS = 65_536;
    /** Passes, by default. */
    static final int PASSES = 3;
    /** The steps of the first figure. */
    static final int FIRST = 1_000;
    private static final int STREAM_WORDS = 1024;

    private WarmupPe() {
    }

    /** Runs one PE. */
    public static void main(String[] args) {
        String loop = args.length > 0 ? args[0] : "lockstep";
        int steps = args.length > 1 ? Integer.parseInt(args[1]) : STEPS;
        int passes = args.length > 2 ? Integer.parseInt(args[2]) : PASSES;
        try (Shmem shmem = Shmem.init()) {
            PeChecks.requirePes(shmem.client(), JvmCommands.PES);
            SymmetricArray count = shmem.calloc(ShmemType.INT64, 1);
            SymmetricArray updates = shmem.calloc(ShmemType.INT64, STREAM_WORDS);
            long[] marks = new long[passes + 1];
            long[] firstMark = new long[1];
            boolean print = !loop.equals("train");
            if (loop.equals("lockstep") || loop.equals("train")) {
                for (int p = 0; p < passes; p++) {
                    marks[p] = System.nanoTime();
                    lockstepPass(shmem, shmem.ctxDefault(), count, updates, steps, p, firstMark);
                }
                marks[passes] = System.nanoTime();
                report(shmem, print, "lockstep", marks, firstMark[0], steps);
            }
            if (loop.equals("train")) {
                AotTraining.pmixStartUp(); // what a PE under srun or mpirun adds to a launched PE's start
            }
            if (loop.equals("stream") || loop.equals("train")) {
                shmem.ctxDefault().pLong(count, 0, 0, shmem.myPe()); // the lock-step loop may have left a count
                shmem.barrierAll();
                for (int p = 0; p < passes; p++) {
                    marks[p] = System.nanoTime();
                    if (shmem.myPe() == 0) {
                        streamPass(shmem.ctxDefault(), count, updates, steps, p, firstMark);
                    }
                }
                marks[passes] = System.nanoTime();
                shmem.barrierAll();
                long expected = (long) steps * passes;
                if (shmem.myPe() == 1 && shmem.ctxDefault().gLong(count, 0, 1) != expected) {
                    throw new IllegalStateException("stream: PE 1's counter is " + shmem.ctxDefault().gLong(count, 0, 1)
                            + ", expected " + expected);
                }
                report(shmem, print, "stream", marks, firstMark[0], steps);
            }
        }
    }

    /** One pass of the lock-step loop; both PEs. */
    static void lockstepPass(Shmem shmem, ShmemContext ctx, SymmetricArray count, SymmetricArray updates, int steps,
                             int pass, long[] firstMark) {
        int me = shmem.myPe();
        int peer = (me + 1) % shmem.nPes();
        long sum = 0;
        for (int i = 0; i < steps; i++) {
            ctx.pLong(count, 0, 0, me);
            shmem.barrierAll();
            long slot = ctx.atomicFetchAdd(count, 0, 1, peer);
            ctx.pLong(updates, slot, i + 1, peer);
            shmem.barrierAll();
            long arrived = ctx.gLong(count, 0, me);
            for (long s = 0; s < arrived; s++) {
                sum += ctx.gLong(updates, s, me);
            }
            if (i + 1 == FIRST && pass == 0) {
                firstMark[0] = System.nanoTime();
            }
        }
        long expected = (long) steps * (steps + 1) / 2;
        if (sum != expected) {
            throw new IllegalStateException("lockstep: PE " + me + " folded " + sum + ", expected " + expected);
        }
    }

    /** One pass of the put/get/fetch-add stream; PE 0 only. */
    static void streamPass(ShmemContext ctx, SymmetricArray count, SymmetricArray updates, int steps, int pass,
                           long[] firstMark) {
        long seen = 0;
        for (int i = 0; i < steps; i++) {
            int word = i & (STREAM_WORDS - 1);
            ctx.pLong(updates, word, i, 1);
            seen += ctx.gLong(updates, word, 1);
            ctx.atomicFetchAdd(count, 0, 1, 1);
            if (i + 1 == FIRST && pass == 0) {
                firstMark[0] = System.nanoTime();
            }
        }
        long expected = (long) steps * (steps - 1) / 2;
        if (seen != expected) {
            throw new IllegalStateException("stream: PE 0 read back " + seen + ", expected " + expected);
        }
    }

    private static void report(Shmem shmem, boolean print, String loop, long[] marks, long firstMark, int steps) {
        if (!print || shmem.myPe() != 0) {
            return;
        }
        String key = "warmup_" + loop + "_";
        ResultLine.print(key + "first1k_us", (firstMark - marks[0]) / 1e3 / FIRST);
        ResultLine.print(key + "first65k_us", (marks[1] - marks[0]) / 1e3 / steps);
        if (marks.length > 2) {
            ResultLine.print(key + "pass2_us", (marks[2] - marks[1]) / 1e3 / steps);
        }
        ResultLine.print(key + "steady_us", (marks[marks.length - 1] - marks[marks.length - 2]) / 1e3 / steps);
    }
}
