package org.pgas4j.shmem;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import org.pgas4j.BadArgumentException;

/**
 * Point-to-point synchronisation on this PE's own symmetric objects ({@code shmem_wait_until},
 * {@code shmem_test} and their all/any/some and vector forms, signals). Values are read with
 * acquire semantics, so what a peer wrote before its update is visible once a wait returns.
 * A wait spins briefly, then yields, then parks for short intervals, and keeps the client's
 * progress going so that active messages aimed at this PE (the AM fallback) are served: its parks
 * end when one arrives ({@link org.pgas4j.Client#parkUntilMessage}).
 */
final class LocalWaits {
    private static final VarHandle SHORT = ValueLayout.JAVA_SHORT.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final int SPINS = 200;
    private static final int YIELDS = 2_000;
    /** The park of a long wait: the bound on noticing a peer's store, not on serving a message. */
    private static final long PARK_NANOS = 20_000;

    private final Shmem shmem;

    LocalWaits(Shmem shmem) {
        this.shmem = shmem;
    }

    void waitUntil(SymmetricArray ivar, long index, Cmp cmp, long value) {
        MemorySegment m = local("waitUntil", ivar, index, cmp);
        long off = ivar.byteOffset(index);
        WaitUntilEvent jfr = null;
        for (int i = 0; !holds(ivar.type(), m, off, cmp, value); ) {
            jfr = i == 0 && jfr == null ? WaitUntilEvent.start() : jfr; // null unless a JFR recording wants long waits
            i = idle(i);
        }
        done(jfr, "shmem.waitUntil");
    }

    private void done(WaitUntilEvent jfr, String kind) {
        if (jfr != null && jfr.ready(shmem.client().jobRank(), kind)) {
            jfr.commit();
        }
    }

    boolean test(SymmetricArray ivar, long index, Cmp cmp, long value) {
        MemorySegment m = local("test", ivar, index, cmp);
        boolean result = holds(ivar.type(), m, ivar.byteOffset(index), cmp, value);
        if (!result) {
            shmem.client().poll();
        }
        return result;
    }

    void waitAll(SymmetricArray ivars, boolean[] status, Cmp cmp, long value, long[] values) {
        WaitUntilEvent jfr = null;
        for (int i = 0; !testAll(ivars, status, cmp, value, values); ) {
            jfr = i == 0 && jfr == null ? WaitUntilEvent.start() : jfr;
            i = idle(i);
        }
        done(jfr, "shmem.waitUntilAll");
    }

    long waitAny(SymmetricArray ivars, boolean[] status, Cmp cmp, long value, long[] values) {
        if (allExcluded(ivars, status, "waitUntilAny")) {
            return -1;
        }
        WaitUntilEvent jfr = null;
        for (int i = 0; ; ) {
            long found = testAny(ivars, status, cmp, value, values);
            if (found >= 0) {
                done(jfr, "shmem.waitUntilAny");
                return found;
            }
            jfr = i == 0 && jfr == null ? WaitUntilEvent.start() : jfr;
            i = idle(i);
        }
    }

    int waitSome(SymmetricArray ivars, long[] indices, boolean[] status, Cmp cmp, long value, long[] values) {
        if (allExcluded(ivars, status, "waitUntilSome")) {
            return 0;
        }
        WaitUntilEvent jfr = null;
        for (int i = 0; ; ) {
            int found = testSome(ivars, indices, status, cmp, value, values);
            if (found > 0) {
                done(jfr, "shmem.waitUntilSome");
                return found;
            }
            jfr = i == 0 && jfr == null ? WaitUntilEvent.start() : jfr;
            i = idle(i);
        }
    }

    boolean testAll(SymmetricArray ivars, boolean[] status, Cmp cmp, long value, long[] values) {
        MemorySegment m = array("testAll", ivars, status, cmp);
        for (long e = 0; e < ivars.length(); e++) {
            if (included(status, e) && !holds(ivars.type(), m, ivars.byteOffset(e), cmp, values == null ? value
                    : values[(int) e])) {
                return false;
            }
        }
        return true;
    }

    long testAny(SymmetricArray ivars, boolean[] status, Cmp cmp, long value, long[] values) {
        MemorySegment m = array("testAny", ivars, status, cmp);
        for (long e = 0; e < ivars.length(); e++) {
            if (included(status, e) && holds(ivars.type(), m, ivars.byteOffset(e), cmp, values == null ? value
                    : values[(int) e])) {
                return e;
            }
        }
        return -1;
    }

    int testSome(SymmetricArray ivars, long[] indices, boolean[] status, Cmp cmp, long value, long[] values) {
        MemorySegment m = array("testSome", ivars, status, cmp);
        if (indices == null || indices.length < ivars.length()) {
            throw new BadArgumentException("testSome/waitUntilSome: indices must have room for " + ivars.length()
                    + " entries");
        }
        int n = 0;
        for (long e = 0; e < ivars.length(); e++) {
            if (included(status, e) && holds(ivars.type(), m, ivars.byteOffset(e), cmp, values == null ? value
                    : values[(int) e])) {
                indices[n++] = e;
            }
        }
        return n;
    }

    long signalWaitUntil(SymmetricArray signal, long index, Cmp cmp, long value) {
        checkSignal("signalWaitUntil", signal);
        waitUntil(signal, index, cmp, value);
        return signalFetch(signal, index);
    }

    long signalFetch(SymmetricArray signal, long index) {
        checkSignal("signalFetch", signal);
        MemorySegment m = local("signalFetch", signal, index, Cmp.EQ);
        return (long) LONG.getVolatile(m, signal.byteOffset(index));
    }

    /**
     * One step of a wait at iteration {@code i}: spin, then poll and yield, then park; checks the
     * job's health now and then. Returns the next iteration (0 after a park a message ended).
     */
    int idle(int i) {
        if (i < SPINS) {
            Thread.onSpinWait();
            return i + 1;
        }
        shmem.client().poll();
        if ((i & 63) == 0) {
            shmem.client().checkHealthy("a shmem wait"); // a dead peer never sets the variable
        }
        if (i < SPINS + YIELDS) {
            Thread.yield();
        } else if (shmem.client().parkUntilMessage(PARK_NANOS)) { // ends when an active message arrives
            while (shmem.client().poll() > 0) {
                // serve what woke the wait, and what follows it at once, before spinning
            }
            return 0; // more may follow: spin for them
        }
        return i == Integer.MAX_VALUE ? SPINS + YIELDS : i + 1;
    }

    private static boolean holds(ShmemType type, MemorySegment m, long offset, Cmp cmp, long operand) {
        long v;
        long w;
        switch (type.size()) {
            case 2 -> {
                short s = (short) SHORT.getAcquire(m, offset);
                v = type.isSigned() ? s : Short.toUnsignedLong(s);
                w = type.isSigned() ? (short) operand : operand & 0xFFFF;
            }
            case 4 -> {
                int x = (int) INT.getAcquire(m, offset);
                v = type.isSigned() ? x : Integer.toUnsignedLong(x);
                w = type.isSigned() ? (int) operand : operand & 0xFFFF_FFFFL;
            }
            default -> {
                v = (long) LONG.getAcquire(m, offset);
                w = operand;
            }
        }
        int c = type.isSigned() ? Long.compare(v, w) : Long.compareUnsigned(v, w);
        return cmp.holds(c);
    }

    private MemorySegment local(String routine, SymmetricArray ivar, long index, Cmp cmp) {
        checkType(routine, ivar, cmp);
        if (index < 0 || index >= ivar.length()) {
            throw new BadArgumentException(routine + ": index " + index + " is outside " + ivar + " (valid: [0, "
                    + ivar.length() + "))");
        }
        return ivar.allocation().space.local;
    }

    private MemorySegment array(String routine, SymmetricArray ivars, boolean[] status, Cmp cmp) {
        checkType(routine, ivars, cmp);
        if (status != null && status.length < ivars.length()) {
            throw new BadArgumentException(routine + ": status has " + status.length + " entries for " + ivars);
        }
        return ivars.allocation().space.local;
    }

    private void checkType(String routine, SymmetricArray ivar, Cmp cmp) {
        shmem.checkOpen(routine);
        shmem.checkObject(routine, ivar);
        if (cmp == null) {
            throw new BadArgumentException(routine + ": cmp is null on PE " + shmem.myPe());
        }
        if (!ivar.type().hasPointToPointSync()) {
            throw new BadArgumentException(routine + ": type " + ivar.type().typeName() + " of " + ivar
                    + " is not a point-to-point synchronisation type (short, int, long, longlong, their unsigned "
                    + "forms, int32, int64, uint32, uint64, size, ptrdiff)");
        }
        MemorySpace s = ivar.allocation().space;
        if (!s.has(MemorySpace.CAP_SIGNAL | MemorySpace.CAP_DIRECT)) {
            throw new BadArgumentException(routine + ": " + s.describe() + " does not support waiting on its objects");
        }
    }

    private static void checkSignal(String routine, SymmetricArray signal) {
        if (signal != null && (signal.type().size() != 8 || signal.type().isSigned())) {
            throw new BadArgumentException(routine + ": the signal object " + signal + " must be of type uint64");
        }
    }

    private boolean allExcluded(SymmetricArray ivars, boolean[] status, String routine) {
        array(routine, ivars, status, Cmp.EQ);
        for (long e = 0; e < ivars.length(); e++) {
            if (included(status, e)) {
                return false;
            }
        }
        return true;
    }

    private static boolean included(boolean[] status, long e) {
        return status == null || !status[(int) e];
    }
}
