package org.pgas4j.bench;

import java.util.Arrays;

/** The median of repeated timings: robust against a repetition disturbed by the OS or the JIT. */
final class Median {
    private Median() {
    }

    /**
     * The median of {@code values} (the mean of the two middle ones for an even count).
     *
     * @throws IllegalArgumentException when there are none
     */
    static double of(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("median of no values");
        }
        double[] v = values.clone();
        Arrays.sort(v);
        int m = v.length / 2;
        return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
    }
}
