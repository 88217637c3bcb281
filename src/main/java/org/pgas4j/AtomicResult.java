package org.pgas4j;

/**
 * Where a non-blocking fetching atomic ({@link Atomics#opNB}) leaves the value it fetched: the
 * caller creates one, passes it with the operation and reads it once the returned {@link Event}
 * has completed, then may reuse it for the next operation. So a non-blocking atomic allocates
 * nothing (the role of GASNet-EX's {@code result_p}).
 *
 * <p>Not thread-safe: one holder belongs to one operation at a time. The completion of the event
 * orders the write of the value before the read that follows {@link Event#test()} or
 * {@link Event#waitFor()} returning.
 */
public final class AtomicResult {
    private long bits;

    /** An empty holder (its value is 0 until an operation completes into it). */
    public AtomicResult() {
    }

    /** The fetched value as bits, in the convention of {@link AtomicType} (INT sign-extended, UINT zero-extended, ...). */
    public long bits() {
        return bits;
    }

    /** The fetched value of an {@code INT} or {@code UINT} location. */
    public int asInt() {
        return (int) bits;
    }

    /** The fetched value of a {@code LONG} or {@code ULONG} location. */
    public long asLong() {
        return bits;
    }

    /** The fetched value of a {@code FLOAT} location. */
    public float asFloat() {
        return Float.intBitsToFloat((int) bits);
    }

    /** The fetched value of a {@code DOUBLE} location. */
    public double asDouble() {
        return Double.longBitsToDouble(bits);
    }

    /** Records the value an operation fetched; called before the operation's event completes. */
    void complete(long value) {
        bits = value;
    }

    @Override
    public String toString() {
        return "AtomicResult[bits 0x" + Long.toHexString(bits) + "]";
    }
}
