package org.example.histogram;

import org.pgas4j.shmem.Shmem;

/**
 * Runs the {@link Histogram} as a job: each PE checks its own bins against a serial count of every
 * PE's samples (the seeds are known to all) and that no sample was lost, and prints one line
 * ending in {@code verified}, or exits with status 1.
 *
 * <pre>bin/pgas4j run -np 3 -cp samples/consumer/target/classes org.example.histogram.Main [SAMPLES [BINS]]</pre>
 */
public final class Main {
    private Main() {
    }

    /**
     * Runs this PE's part of the histogram.
     *
     * @param args optionally the samples per PE (default 20000) and the number of bins (default 97)
     */
    public static void main(String[] args) {
        int samples = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int bins = args.length > 1 ? Integer.parseInt(args[1]) : 97;
        try (Shmem shmem = Shmem.init()) {
            int me = shmem.myPe();
            int npes = shmem.nPes();
            Histogram.Part part = Histogram.count(shmem, samples, bins);
            long[] expected = Histogram.serialCount(npes, samples, bins);
            for (int bin = me; bin < bins; bin += npes) {
                if (part.bins()[bin] != expected[bin]) {
                    fail(me, "bin " + bin + " holds " + part.bins()[bin] + ", a serial count gives " + expected[bin]);
                }
            }
            if (part.total() != (long) samples * npes) {
                fail(me, "the bins hold " + part.total() + " samples in all, not " + (long) samples * npes);
            }
            Module module = Main.class.getModule();
            String where = module.isNamed() ? "module " + module.getName() + " with " + Shmem.class.getModule()
                    : "class path";
            System.out.printf("PE %d of %d: %d bins hold %d of %d samples, matching a serial count (%s): verified%n",
                    me, npes, part.owned(), part.held(), part.total(), where);
        }
    }

    private static void fail(int me, String what) {
        System.err.println("PE " + me + ": " + what);
        System.exit(1);
    }
}
