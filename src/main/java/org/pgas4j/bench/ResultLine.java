package org.pgas4j.bench;

import java.util.Map;

/**
 * The line format by which a measuring process reports a figure to the bench driver on its
 * standard output: {@code RESULT <key> <value>}, where a per-size figure has the key
 * {@code <metric>/<bytes>}. Values are printed with {@link Double#toString} (exact round trip).
 */
final class ResultLine {
    /** The first word of a result line. */
    static final String PREFIX = "RESULT ";

    private ResultLine() {
    }

    /** The key of {@code metric} at {@code size} bytes. */
    static String key(String metric, long size) {
        return metric + "/" + size;
    }

    /** Prints one result line to standard output. */
    static void print(String key, double value) {
        System.out.println(PREFIX + key + " " + value);
    }

    /** Prints the per-size figures of {@code metric}: {@code values[i]} belongs to {@code sizes[i]}. */
    static void printSizes(String metric, long[] sizes, double[] values) {
        for (int i = 0; i < sizes.length; i++) {
            print(key(metric, sizes[i]), values[i]);
        }
    }

    /**
     * Adds the figure of {@code line} to {@code into} if it is a result line.
     *
     * @return whether it was one
     * @throws BenchFailure for a result line whose value is not a number
     */
    static boolean parse(String line, Map<String, Double> into) {
        if (!line.startsWith(PREFIX)) {
            return false;
        }
        String[] parts = line.substring(PREFIX.length()).trim().split("\\s+");
        if (parts.length != 2) {
            throw new BenchFailure("malformed result line '" + line + "' (expected RESULT <key> <number>)");
        }
        try {
            into.put(parts[0], Double.parseDouble(parts[1]));
        } catch (NumberFormatException e) {
            throw new BenchFailure("malformed result line '" + line + "': '" + parts[1] + "' is not a number");
        }
        return true;
    }

    /**
     * The positive figure {@code key} of {@code results}, which the job named {@code job} reported.
     *
     * @throws BenchFailure when the job reported no such figure, or one that is not positive
     */
    static double positive(Map<String, Double> results, String key, String job) {
        Double v = results.get(key);
        if (v == null || !(v > 0)) {
            throw new BenchFailure("no positive figure for " + key + " was reported by the " + job);
        }
        return v;
    }
}
