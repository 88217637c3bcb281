package org.pgas4j.shmem;

/** Assertions for scenarios, which run in PE processes without JUnit's machinery. */
final class Expect {
    private Expect() {
    }

    static void that(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError(what);
        }
    }

    static void equal(long expected, long actual, String what) {
        if (expected != actual) {
            throw new AssertionError(what + ": expected " + expected + " but was " + actual);
        }
    }

    static void equal(double expected, double actual, String what) {
        if (Double.compare(expected, actual) != 0) {
            throw new AssertionError(what + ": expected " + expected + " but was " + actual);
        }
    }

    /** Runs {@code action}, which must throw {@code type}; returns the exception. */
    static <T extends Throwable> T throwsA(Class<T> type, String what, ThrowingRunnable action) {
        try {
            action.run();
        } catch (Throwable t) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
            throw new AssertionError(what + ": expected " + type.getSimpleName() + " but got " + t, t);
        }
        throw new AssertionError(what + ": expected " + type.getSimpleName() + " but nothing was thrown");
    }

    /** An action that may throw anything. */
    @FunctionalInterface
    interface ThrowingRunnable {
        void run() throws Exception;
    }
}
