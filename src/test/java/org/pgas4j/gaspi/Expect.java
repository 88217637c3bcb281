package org.pgas4j.gaspi;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Checks for the GASPI scenarios: each throws an AssertionError naming the rank and what differed. */
final class Expect {
    private Expect() {
    }

    static void isTrue(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError(what);
        }
    }

    static void equal(long expected, long actual, String what) {
        if (expected != actual) {
            throw new AssertionError(what + ": expected " + expected + ", got " + actual);
        }
    }

    static void success(GaspiReturn r, String what) {
        if (r != GaspiReturn.SUCCESS) {
            throw new AssertionError(what + ": expected SUCCESS, got " + r);
        }
    }

    /** Runs {@code body} and checks that it throws a GaspiException with {@code code}. */
    static GaspiException error(GaspiError code, Body body) {
        try {
            body.run();
        } catch (GaspiException e) {
            if (e.error() != code) {
                throw new AssertionError("expected " + code + ", got " + e.error() + ": " + e.getMessage(), e);
            }
            return e;
        } catch (Exception e) {
            throw new AssertionError("expected GaspiException " + code + ", got " + e, e);
        }
        throw new AssertionError("expected GaspiException " + code + ", nothing was thrown");
    }

    /** Fills {@code m} with the guard pattern of {@code seed}. */
    static void guard(MemorySegment m, int seed) {
        for (long i = 0; i < m.byteSize(); i++) {
            m.set(ValueLayout.JAVA_BYTE, i, pattern(seed, i));
        }
    }

    static byte pattern(int seed, long i) {
        return (byte) (seed * 131 + i * 7 + 0x5A);
    }

    /** Checks that {@code m} from {@code from} to {@code to} still holds the pattern of {@code seed}. */
    static void guarded(MemorySegment m, long from, long to, int seed, String what) {
        for (long i = from; i < to; i++) {
            byte b = m.get(ValueLayout.JAVA_BYTE, i);
            if (b != pattern(seed, i)) {
                throw new AssertionError(what + ": byte " + i + " is " + b + ", the guard pattern says " + pattern(seed, i));
            }
        }
    }

    @FunctionalInterface
    interface Body {
        void run() throws Exception;
    }
}
