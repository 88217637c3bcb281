package org.pgas4j.mpi;

import static org.pgas4j.mpi.Expect.at;
import static org.pgas4j.mpi.Expect.eq;
import static org.pgas4j.mpi.Expect.fails;
import static org.pgas4j.mpi.Expect.isTrue;
import static org.pgas4j.mpi.SemanticsScenarios.SENTINEL;
import static org.pgas4j.mpi.SemanticsScenarios.left;
import static org.pgas4j.mpi.SemanticsScenarios.longs;
import static org.pgas4j.mpi.SemanticsScenarios.right;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.LinkedHashMap;
import java.util.Map;
import org.pgas4j.BadArgumentException;

/** Bad input and non-conformance (issue 14, item 6): clear exceptions, nothing sent, nothing written outside. */
final class ErrorScenarios {
    static final String AFTER_CLOSE = "useAfterClose";

    private ErrorScenarios() {
    }

    static Map<String, MpiScenario> all() {
        Map<String, MpiScenario> m = new LinkedHashMap<>();
        m.put("targetRangeOutsideServicerRefused", ErrorScenarios::outOfRange);
        m.put("badArgumentsRefusedBeforeSending", ErrorScenarios::badArguments);
        m.put("mismatchedSignaturesRefused", ErrorScenarios::signatures);
        m.put("requestWaitedTwice", ErrorScenarios::waitedTwice);
        m.put("servicingBufferHandedToTwoOperations", ErrorScenarios::bufferTwice);
        m.put("truncatedMessage", ErrorScenarios::truncated);
        return m;
    }

    /**
     * A PUT beyond the servicer's size: refused at the servicer (named, buffer and count intact),
     * reported at the origin's completion; the tag works normally afterwards.
     */
    static void outOfRange(Mpi mpi) {
        Comm w = mpi.world();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = longs(a, 8); // 64 bytes, of which the servicer offers 32
            w.put(new long[] {1, 2}, 2, Datatype.LONG, right(w), 3, 2, Datatype.LONG, 141);
            Request r = w.iaccept(buf, 32, 8, 141, 1);
            MpiException e = fails(MpiException.class, r::waitFor, "rank " + left(w), "tag 141", "[24, 40)",
                    "[0, 32)");
            isTrue(e.getMessage().contains("IACCEPT on rank " + w.rank()), "names the servicer: " + e.getMessage());
            for (int i = 0; i < 8; i++) {
                eq(SENTINEL, at(buf, i), "servicing buffer slot " + i + " after the refusal");
            }
            // the origin learns at its completion: its next ACCEPT on the tag
            fails(MpiException.class, () -> w.accept(buf, 32, 8, 141, 0), "PUT of 16 bytes to rank " + right(w),
                    "tag 141", "refused", "[24, 40)");
            w.barrier();
            // the count was not corrupted: a good PUT on the same tag is serviced by an ACCEPT of count 1
            w.put(new long[] {5L + w.rank()}, 1, Datatype.LONG, right(w), 1, 1, Datatype.LONG, 141);
            w.accept(buf, 32, 8, 141, 1);
            eq(5L + left(w), at(buf, 1), "the next PUT on the tag");
            eq(SENTINEL, at(buf, 0), "slot 0");
        }
    }

    static void badArguments(Mpi mpi) {
        Comm w = mpi.world();
        long[] v = new long[4];
        int n = w.size();
        fails(BadArgumentException.class, () -> w.put(v, -1, Datatype.LONG, right(w), 0, 1, Datatype.LONG, 1),
                "count -1");
        fails(BadArgumentException.class, () -> w.put(v, 1, Datatype.LONG, right(w), -2, 1, Datatype.LONG, 1),
                "target_disp -2", "tag 1");
        fails(BadArgumentException.class, () -> w.put(v, 1, Datatype.LONG, right(w), 0, -3, Datatype.LONG, 1),
                "target_count -3");
        fails(BadArgumentException.class, () -> w.put(v, 1, Datatype.LONG, n, 0, 1, Datatype.LONG, 1),
                "target_rank " + n, "[0, " + n + ")");
        fails(BadArgumentException.class, () -> w.get(v, 1, Datatype.LONG, -1, 0, 1, Datatype.LONG, 1),
                "target_rank -1");
        fails(BadArgumentException.class, () -> w.put(v, 1, Datatype.LONG, right(w), 0, 1, Datatype.LONG, -5),
                "tag -5");
        fails(BadArgumentException.class, () -> w.put(v, 5, Datatype.LONG, right(w), 0, 5, Datatype.LONG, 1),
                "5 items", "32 bytes");
        fails(BadArgumentException.class, () -> w.put(v, 1, Datatype.INT, right(w), 0, 1, Datatype.INT, 1),
                "does not describe elements of a long[]");
        fails(BadArgumentException.class, () -> w.put("text", 1, Datatype.LONG, right(w), 0, 1, Datatype.LONG, 1),
                "MemorySegment or an array");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = a.allocate(64);
            fails(BadArgumentException.class, () -> w.accept(buf, 65, 8, 1, 1), "size 65", "[0, 64]");
            fails(BadArgumentException.class, () -> w.accept(buf, 64, 0, 1, 1), "disp_unit 0");
            fails(BadArgumentException.class, () -> w.accept(buf, 64, 8, 1, -1), "count -1");
            fails(BadArgumentException.class, () -> w.iavail(buf, -1, 8, 1), "size -1");
            fails(BadArgumentException.class, () -> w.recv(new long[1], 1, Datatype.LONG, n + 2, 1),
                    "source " + (n + 2));
        }
        // nothing was sent: no process has anything queued
        w.barrier();
        isTrue(w.iprobe(Comm.ANY_SOURCE, Comm.ANY_TAG).isEmpty(), "a refused call sent something");
    }

    static void signatures(Mpi mpi) {
        Comm w = mpi.world();
        int[] ints = new int[4];
        fails(BadArgumentException.class,
                () -> w.put(ints, 2, Datatype.INT, right(w), 0, 1, Datatype.LONG, 2),
                "2 x INT", "1 x LONG", "same sequence of primitive elements");
        fails(BadArgumentException.class,
                () -> w.get(ints, 4, Datatype.INT, right(w), 0, 3, Datatype.INT, 2), "4 x INT", "3 x INT");
        for (int i = 0; i < 4; i++) {
            ints[i] = 10 * w.rank() + i;
        }
        byte[] bytes = new byte[64];
        Datatype mixed = Datatype.indexed(new int[] {1}, new int[] {0}, Datatype.contiguous(2, Datatype.INT));
        // same signature, another shape: accepted
        w.put(ints, 2, Datatype.INT, right(w), 0, 1, mixed, 3);
        fails(BadArgumentException.class, () -> w.put(bytes, 8, Datatype.BYTE, right(w), 8, 1, Datatype.LONG, 3),
                "8 x BYTE", "1 x LONG");
        int[] got = new int[8];
        w.accept(MemorySegment.ofArray(got), 32, 1, 3, 1);
        eq(10 * left(w), got[0], "first int");
        eq(10 * left(w) + 1, got[1], "second int");
        eq(0, got[2], "nothing else written");
    }

    static void waitedTwice(Mpi mpi) {
        Comm w = mpi.world();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = a.allocate(8);
            Request r = w.iaccept(buf, 8, 8, 151, 0);
            r.waitFor();
            fails(IllegalStateException.class, r::waitFor, "finished already", "IACCEPT", "tag 151");
            fails(IllegalStateException.class, r::test, "finished already");
            fails(IllegalStateException.class, () -> Request.waitAll(r), "finished already");
        }
    }

    static void bufferTwice(Mpi mpi) {
        Comm w = mpi.world();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = longs(a, 8);
            Request r = w.iaccept(buf, 64, 8, 161, 1);
            fails(IllegalStateException.class, () -> w.iaccept(buf.asSlice(32), 32, 8, 162, 1), "overlaps",
                    "IACCEPT on rank " + w.rank(), "tag 161");
            fails(IllegalStateException.class, () -> w.ioffer(buf, 8, 8, 163, 1), "overlaps");
            // a disjoint buffer is fine
            MemorySegment other = longs(a, 1);
            w.barrier(); // no PUT was issued while the first ACCEPT had to be active: it could have completed
            w.put(new long[] {3L * w.rank()}, 1, Datatype.LONG, right(w), 2, 1, Datatype.LONG, 161);
            w.put(new long[] {4L * w.rank()}, 1, Datatype.LONG, right(w), 0, 1, Datatype.LONG, 164);
            Request o = w.iaccept(other, 8, 8, 164, 1);
            Request.waitAll(r, o);
            eq(3L * left(w), at(buf, 2), "first ACCEPT serviced");
            eq(4L * left(w), at(other, 0), "second ACCEPT serviced");
        }
    }

    static void truncated(Mpi mpi) {
        Comm w = mpi.world();
        w.send(new long[] {1, 2, 3}, 3, Datatype.LONG, right(w), 171);
        long[] small = new long[2];
        fails(MpiException.class, () -> w.recv(small, 2, Datatype.LONG, left(w), 171), "24 bytes", "holds 16",
                "rank " + left(w), "tag 171");
        eq(1, small[0], "the part that fits was received");
    }

    /** After close every call throws IllegalStateException. */
    static void afterClose(Mpi mpi) {
        Comm w = mpi.world();
        isTrue(mpi.isClosed(), "closed");
        fails(IllegalStateException.class, () -> w.put(new long[1], 1, Datatype.LONG, 0, 0, 1, Datatype.LONG, 1),
                "closed");
        fails(IllegalStateException.class, () -> w.accept(MemorySegment.ofArray(new long[1]), 8, 8, 1, 1), "closed");
        fails(IllegalStateException.class, () -> mpi.rmaMalloc(8), "closed");
        fails(IllegalStateException.class, () -> w.send(new long[1], 1, Datatype.LONG, 0, 1), "closed");
        mpi.close(); // idempotent
    }
}
