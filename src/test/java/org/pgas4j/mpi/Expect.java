package org.pgas4j.mpi;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Checks for the scenarios: each throws {@link AssertionError} naming what differed. */
final class Expect {
    private Expect() {
    }

    static void eq(long expected, long actual, String what) {
        if (expected != actual) {
            throw new AssertionError(what + ": expected " + expected + " but was " + actual);
        }
    }

    static void eq(Object expected, Object actual, String what) {
        if (!java.util.Objects.equals(expected, actual)) {
            throw new AssertionError(what + ": expected " + expected + " but was " + actual);
        }
    }

    static void isTrue(boolean b, String what) {
        if (!b) {
            throw new AssertionError(what);
        }
    }

    static long at(MemorySegment m, long index) {
        return m.getAtIndex(ValueLayout.JAVA_LONG, index);
    }

    static void set(MemorySegment m, long index, long v) {
        m.setAtIndex(ValueLayout.JAVA_LONG, index, v);
    }

    /** Runs {@code body}, expecting {@code type} with a message containing every one of {@code parts}. */
    static <T extends Throwable> T fails(Class<T> type, Runnable body, String... parts) {
        try {
            body.run();
        } catch (Throwable t) {
            if (!type.isInstance(t)) {
                throw new AssertionError("expected " + type.getSimpleName() + " but got " + t, t);
            }
            for (String p : parts) {
                if (t.getMessage() == null || !t.getMessage().contains(p)) {
                    throw new AssertionError("the message of " + t + " does not name '" + p + "'", t);
                }
            }
            return type.cast(t);
        }
        throw new AssertionError("expected " + type.getSimpleName() + " naming " + java.util.Arrays.toString(parts)
                + " but nothing was thrown");
    }
}
