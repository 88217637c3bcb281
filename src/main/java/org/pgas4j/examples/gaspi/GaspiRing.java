package org.pgas4j.examples.gaspi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.pgas4j.gaspi.Gaspi;
import org.pgas4j.gaspi.GaspiReturn;
import org.pgas4j.gaspi.MemoryDescription;

/**
 * A ring over memory the application allocated (seed 003's {@code gaspi_segment_use}): every rank
 * binds a buffer of its own as segment 0, write_notifies its right neighbour, waits for its left
 * neighbour's notification and checks the data, then deletes the segment and checks that its
 * buffer is intact (GASPI wrote nothing into it but the neighbour's data):
 *
 * <pre>bin/pgas4j run -np 4 org.pgas4j.examples.gaspi.GaspiRing</pre>
 */
public final class GaspiRing {
    private static final long SIZE = 1 << 16;
    private static final long HALF = SIZE / 2;
    private static final int NOTIFICATION = 0;

    private GaspiRing() {
    }

    /** Runs the example on this rank. */
    public static void main(String[] args) {
        try (Gaspi gaspi = Gaspi.init(Gaspi.BLOCK); Arena arena = Arena.ofShared()) {
            int me = gaspi.rank();
            int n = gaspi.ranks();
            int right = (me + 1) % n;
            int left = (me + n - 1) % n;
            MemorySegment buffer = arena.allocate(SIZE, 4096);
            for (long i = 0; i < HALF; i += 8) {
                buffer.set(ValueLayout.JAVA_LONG, i, me * 1_000_000L + i); // what this rank sends
                buffer.set(ValueLayout.JAVA_LONG, HALF + i, -1);            // where the left neighbour's data lands
            }
            check(gaspi.segmentUse(0, MemoryDescription.HOST, buffer, SIZE, Gaspi.GROUP_ALL, Gaspi.BLOCK), "segmentUse");
            check(gaspi.writeNotify(0, 0, right, 0, HALF, HALF, NOTIFICATION, me + 1, 0, Gaspi.BLOCK), "writeNotify");
            int[] first = new int[1];
            check(gaspi.notifyWaitsome(0, NOTIFICATION, 1, first, Gaspi.BLOCK), "notifyWaitsome");
            int value = gaspi.notifyReset(0, NOTIFICATION);
            if (value != left + 1) {
                throw new IllegalStateException("rank " + me + ": notification value " + value + ", expected " + (left + 1));
            }
            for (long i = 0; i < HALF; i += 8) {
                long v = buffer.get(ValueLayout.JAVA_LONG, HALF + i);
                if (v != left * 1_000_000L + i) {
                    throw new IllegalStateException("rank " + me + ": word " + i + " is " + v + " after the notification");
                }
            }
            check(gaspi.wait(0, Gaspi.BLOCK), "wait");
            check(gaspi.barrier(Gaspi.GROUP_ALL, Gaspi.BLOCK), "barrier");
            gaspi.segmentDelete(0);
            for (long i = 0; i < HALF; i += 8) {
                if (buffer.get(ValueLayout.JAVA_LONG, i) != me * 1_000_000L + i
                        || buffer.get(ValueLayout.JAVA_LONG, HALF + i) != left * 1_000_000L + i) {
                    throw new IllegalStateException("rank " + me + ": the buffer changed at " + i + " after delete");
                }
            }
            System.out.println("rank " + me + ": received " + HALF + " bytes from rank " + left
                    + "; segment deleted, buffer intact");
        }
    }

    private static void check(GaspiReturn r, String what) {
        if (r != GaspiReturn.SUCCESS) {
            throw new IllegalStateException(what + " returned " + r);
        }
    }
}
