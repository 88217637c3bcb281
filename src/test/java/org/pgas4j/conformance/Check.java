package org.pgas4j.conformance;

import java.util.function.Supplier;

/** Assertions usable inside PE processes, where JUnit is not running the code. */
final class Check {
    private Check() {
    }

    static void that(boolean ok, Supplier<String> what) {
        if (!ok) {
            throw new AssertionError(what.get());
        }
    }

    static void equal(long expected, long actual, Supplier<String> what) {
        if (expected != actual) {
            throw new AssertionError(what.get() + ": expected " + expected + ", found " + actual);
        }
    }

    /** Runs {@code action} and returns what it threw, which must be of {@code type}. */
    static <T extends Throwable> T fails(Class<T> type, Runnable action) {
        try {
            action.run();
        } catch (Throwable t) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
            throw new AssertionError("expected " + type.getSimpleName() + " but got " + t, t);
        }
        throw new AssertionError("expected " + type.getSimpleName() + " but nothing was thrown");
    }

    /** Checks that {@code message} mentions every fragment. */
    static void mentions(String message, String... fragments) {
        for (String f : fragments) {
            if (message == null || !message.contains(f)) {
                throw new AssertionError("message does not mention '" + f + "': " + message);
            }
        }
    }
}
