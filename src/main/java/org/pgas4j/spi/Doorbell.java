package org.pgas4j.spi;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * How a PE that waits in a park is woken by a message arriving for it, rather than by its timer:
 * two 32-bit words in memory that every sender maps (the trailer of the PE's first message ring,
 * {@link MessageRingDescriptor#DOORBELL_OFFSET}), the <em>armed</em> flag and the <em>bell</em>,
 * a futex word ({@link Futex}).
 *
 * <p><b>Sleeping</b> ({@link #arm}, then {@link #sleep}): read the bell, set the armed flag (a
 * volatile store), check for messages (volatile loads: {@link MessageRing#hasRecord}), and sleep on
 * the bell unless it changed. <b>Ringing</b> ({@link #ring}, after every commit): load the armed
 * flag; only when it is set, clear it (one sender of many wins), advance the bell and wake the
 * sleepers. The sender's publishing store and the receiver's arming store each come before their
 * load of the other's word (volatile accesses are sequentially consistent), so either the receiver
 * sees the message before it sleeps or the sender sees it armed and wakes it: no lost wake-up. A
 * sender pays one plain load of a line the receiver writes only when it goes to sleep, and one
 * system call per sleep it ends; a sleep that ends by its timeout leaves the flag set, so some
 * later sender pays one needless wake-up.
 *
 * <p>Where futexes are not available ({@link Futex#AVAILABLE}), {@link #ring} does nothing and
 * {@link #sleep} parks for its timeout.
 */
public final class Doorbell {
    /** Bytes a doorbell occupies: the armed flag at 0, the bell at 4. */
    public static final long BYTES = 8;
    private static final long ARMED = 0;
    private static final long BELL = 4;
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    private final MemorySegment memory;
    private final long offset;

    /**
     * The doorbell at {@code offset} of {@code memory} (8-byte aligned, native, zero-filled when
     * its owner created it).
     */
    public Doorbell(MemorySegment memory, long offset) {
        if (offset < 0 || offset > memory.byteSize() - BYTES || (offset & 7) != 0) {
            throw new IllegalArgumentException("a doorbell needs 8 aligned bytes; offset " + offset + " of " + memory);
        }
        this.memory = memory;
        this.offset = offset;
    }

    /**
     * Arms the doorbell for a sleep: returns the ticket to pass to {@link #sleep}. The caller then
     * checks, with volatile loads, whatever would end its wait (messages in its rings); senders
     * that publish after that check wake it.
     */
    public int arm() {
        int ticket = (int) INT.getVolatile(memory, offset + BELL);
        INT.setVolatile(memory, offset + ARMED, 1);
        return ticket;
    }

    /**
     * Sleeps for at most {@code nanos} (at most one second) unless the doorbell rang since
     * {@link #arm} returned {@code ticket}; may return early, spuriously. Returns whether it rang.
     */
    public boolean sleep(int ticket, long nanos) {
        if (Futex.AVAILABLE) {
            Futex.await(memory, offset + BELL, ticket, nanos);
        } else {
            LockSupport.parkNanos(nanos);
        }
        return (int) INT.getVolatile(memory, offset + BELL) != ticket;
    }

    /**
     * {@link #sleep}, also ended when the 32-bit futex word at {@code wordOffset} of {@code word}
     * no longer holds {@code expected} and whoever changed it wakes its sleepers
     * ({@link Futex#awaitEither}; where the kernel cannot sleep on two words, the sleep is on that
     * word and a ring ends it only at the timeout). Returns whether the doorbell rang.
     */
    public boolean sleepOrWake(int ticket, MemorySegment word, long wordOffset, int expected, long nanos) {
        if (Futex.AVAILABLE) {
            Futex.awaitEither(word, wordOffset, expected, memory, offset + BELL, ticket, nanos);
        } else {
            LockSupport.parkNanos(nanos);
        }
        return (int) INT.getVolatile(memory, offset + BELL) != ticket;
    }

    /** Wakes the owner if it is sleeping (or about to): call after publishing a message to it. */
    public void ring() {
        if ((int) INT.getVolatile(memory, offset + ARMED) != 0) {
            wake();
        }
    }

    private void wake() {
        if (INT.compareAndSet(memory, offset + ARMED, 1, 0)) {
            INT.getAndAdd(memory, offset + BELL, 1);
            if (Futex.AVAILABLE) {
                Futex.wake(memory, offset + BELL, Integer.MAX_VALUE);
            }
        }
    }
}
