package org.pgas4j.internal.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.pgas4j.DataType;
import org.pgas4j.ReduceOp;
import org.pgas4j.testing.ReductionReference;

/**
 * {@link Reductions#combine} for the integral types against a reference computed element by
 * element at each type's width, for every operator (the bitwise ones combine eight bytes at a
 * time) and every element count from 0 to 40: whole words, the bytes left over, and nothing
 * written past the last element. Floating-point reductions are checked by the collective
 * scenarios against serial sums in the type's own precision.
 */
class ReductionsTest {
    private static final int GUARD = 16;

    @Test
    void integralOperatorsMatchTheElementwiseReferenceAtEveryLength() {
        Random random = new Random(42);
        for (DataType type : DataType.values()) {
            if (!type.isIntegral()) {
                continue;
            }
            for (ReduceOp op : ReduceOp.values()) {
                for (int count = 0; count <= 40; count++) {
                    int bytes = count * type.byteSize();
                    byte[] a = new byte[bytes + GUARD];
                    byte[] b = new byte[bytes + GUARD];
                    random.nextBytes(a);
                    random.nextBytes(b);
                    byte[] want = reference(type, op, a, b, count);
                    MemorySegment acc = MemorySegment.ofArray(a.clone());
                    Reductions.combine(type, op, acc, MemorySegment.ofArray(b), count);
                    long at = acc.mismatch(MemorySegment.ofArray(want));
                    String what = type + " " + op + " x" + count;
                    assertEquals(-1, at, () -> what + " differs at byte " + at + " (the " + bytes
                            + " bytes of the elements, then " + GUARD + " that must stay)");
                }
            }
        }
    }

    /** {@code a op b} for {@code count} elements, each read and written at the type's width; the rest of {@code a} kept. */
    private static byte[] reference(DataType type, ReduceOp op, byte[] a, byte[] b, int count) {
        byte[] out = a.clone();
        ByteBuffer x = ByteBuffer.wrap(a).order(ByteOrder.nativeOrder());
        ByteBuffer y = ByteBuffer.wrap(b).order(ByteOrder.nativeOrder());
        ByteBuffer o = ByteBuffer.wrap(out).order(ByteOrder.nativeOrder());
        int size = type.byteSize();
        for (int at = 0; at < count * size; at += size) {
            long u = element(x, at, type);
            long v = element(y, at, type);
            long r = ReductionReference.integral(op, u, v);
            switch (type) {
                case BYTE -> o.put(at, (byte) r);
                case SHORT -> o.putShort(at, (short) r);
                case INT -> o.putInt(at, (int) r);
                default -> o.putLong(at, r);
            }
        }
        return out;
    }

    /** The signed element of {@code type} at byte {@code at}. */
    private static long element(ByteBuffer bytes, int at, DataType type) {
        return switch (type) {
            case BYTE -> bytes.get(at);
            case SHORT -> bytes.getShort(at);
            case INT -> bytes.getInt(at);
            default -> bytes.getLong(at);
        };
    }
}
