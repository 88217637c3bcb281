package org.pgas4j.shmem;

import java.io.IOException;

/**
 * A PE of {@link ShmemRepeatedInitTest}: makes {@code pairs} init/finalize pairs one after another
 * and checks each: the same PE number and PE count, a fresh symmetric heap, a put from every PE
 * into every PE's slot seen after a barrier, and an atomic count of the PEs on PE 0. Prints
 * {@code JOB <id>} in its first pair, {@code PAIR <k> PE <me> OF <n> OK} after each and
 * {@code DONE PE <me>} at the end; throws (exit status 1) when a check fails.
 *
 * <p>Arguments: {@code pairs [rank count]} (PE {@code rank} makes {@code count} pairs instead: a
 * program that breaks the rule; it waits 2 s before an init the others never make, so that they have
 * exited, or before exiting after fewer pairs, so that they wait for it), or {@code pairs die rank afterPair how} (PE {@code rank} ends after
 * finalizing pair {@code afterPair}, by {@code halt} (status 3) or {@code kill} (SIGKILL), while the
 * others start the next pair).
 */
public final class RepeatedInitPe {
    private RepeatedInitPe() {
    }

    /** See the class comment. */
    public static void main(String[] args) throws Exception {
        int pairs = Integer.parseInt(args[0]);
        int rank = Integer.parseInt(System.getenv().getOrDefault("PGAS4J_RANK", "0"));
        boolean die = args.length > 1 && args[1].equals("die");
        int special = args.length > 2 ? Integer.parseInt(args[die ? 2 : 1]) : -1;
        if (!die && args.length > 2 && rank == special) {
            pairs = Integer.parseInt(args[2]);
        }
        int othersPairs = Integer.parseInt(args[0]);
        int expectedPe = -1;
        for (int pair = 1; pair <= pairs; pair++) {
            if (pair > othersPairs) {
                Thread.sleep(2_000); // an init the others never make: let them exit first
            }
            Shmem shmem = Shmem.init();
            try {
                if (pair == 1) {
                    expectedPe = shmem.myPe();
                    System.out.println("JOB " + shmem.client().jobId());
                }
                check(shmem, pair, expectedPe);
            } finally {
                shmem.close();
            }
            System.out.println("PAIR " + pair + " PE " + expectedPe + " OF " + shmem.nPes() + " OK");
            System.out.flush();
            if (die && expectedPe == special && pair == Integer.parseInt(args[3])) {
                end(args[4]);
            }
        }
        if (pairs < othersPairs) {
            Thread.sleep(2_000); // exit while the others wait for this PE in their next init
        }
        System.out.println("DONE PE " + expectedPe);
    }

    private static void check(Shmem shmem, int pair, int expectedPe) {
        int me = shmem.myPe();
        int n = shmem.nPes();
        if (me != expectedPe || !shmem.queryInitialized()) {
            throw new AssertionError("pair " + pair + ": PE " + me + ", was PE " + expectedPe + " in pair 1");
        }
        SymmetricArray slots = shmem.calloc(ShmemType.LONG, n);
        SymmetricArray count = shmem.calloc(ShmemType.LONG, 1);
        ShmemContext ctx = shmem.ctxDefault();
        long mine = pair * 1_000L + me;
        for (int pe = 0; pe < n; pe++) {
            ctx.pLong(slots, me, mine, pe);
        }
        ctx.atomicInc(count, 0, 0);
        shmem.barrierAll(); // quiet, then every PE's puts are visible
        for (int pe = 0; pe < n; pe++) {
            long seen = ctx.gLong(slots, pe, me);
            if (seen != pair * 1_000L + pe) {
                throw new AssertionError("pair " + pair + ", PE " + me + ": slot " + pe + " holds " + seen);
            }
        }
        if (me == 0 && ctx.atomicFetch(count, 0, 0) != n) {
            throw new AssertionError("pair " + pair + ": " + ctx.atomicFetch(count, 0, 0) + " PEs counted, not " + n);
        }
        shmem.barrierAll();
        shmem.free(slots);
        shmem.free(count);
    }

    private static void end(String how) throws IOException, InterruptedException {
        System.out.println("DYING " + System.currentTimeMillis());
        System.out.flush();
        if (how.equals("kill")) {
            new ProcessBuilder("kill", "-9", Long.toString(ProcessHandle.current().pid())).inheritIO().start().waitFor();
            Thread.sleep(60_000);
        }
        Runtime.getRuntime().halt(3);
    }
}
