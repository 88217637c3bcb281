package org.pgas4j.bench;

import java.util.Locale;

/**
 * A performance target and this run's figure for it. Missing a target is reported (MISS), not
 * treated as a failure of the benchmark.
 *
 * @param name what is measured
 * @param value this run's figure
 * @param bound the target
 * @param atLeast whether the figure must be at least (true) or at most (false) the bound
 */
record Target(String name, double value, double bound, boolean atLeast) {

    /** A target the figure must reach or exceed. */
    static Target atLeast(String name, double value, double bound) {
        return new Target(name, value, bound, true);
    }

    /** A target the figure must not exceed. */
    static Target atMost(String name, double value, double bound) {
        return new Target(name, value, bound, false);
    }

    /** Whether the figure meets the target. */
    boolean met() {
        return atLeast ? value >= bound : value <= bound;
    }

    /** The condition as text, e.g. {@code >= 0.8}. */
    String condition() {
        return (atLeast ? ">= " : "<= ") + String.format(Locale.ROOT, "%g", bound).replaceAll("\\.?0+$", "");
    }

    /** {@code PASS} or {@code MISS}. */
    String verdict() {
        return met() ? "PASS" : "MISS";
    }
}
