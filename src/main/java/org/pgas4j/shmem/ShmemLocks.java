package org.pgas4j.shmem;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.pgas4j.Atomics;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Team;

/**
 * The distributed locks of {@link Shmem} ({@code shmem_set_lock}, {@code shmem_test_lock},
 * {@code shmem_clear_lock}): a fair queue lock in the manner of Mellor-Crummey and Scott, built
 * on the core's 32-bit atomics, on a symmetric 64-bit integer the program allocated and zeroed.
 *
 * <p>The lock element is two 32-bit words on every member PE of its space:
 * <ul>
 *   <li>word 0 on the lock's home PE (the lowest-numbered member of the space) is the queue's
 *       tail: 1 + the PE that enqueued last, 0 when the lock is free;</li>
 *   <li>word 1 on each PE is that PE's queue node: bits 0 to 30 hold 1 + its successor's PE (0:
 *       none yet), bit 31 says that it still waits for the lock.</li>
 * </ul>
 * A PE acquires by resetting its node to "waiting", swapping itself in as the tail, and, if there
 * was a predecessor, linking itself into the predecessor's node and waiting on its own node, which
 * only the predecessor changes. So each PE waits on its own memory, the lock passes in arrival
 * order, and each acquire and release costs a constant number of remote atomics whatever the
 * contention. Release completes the PE's outstanding operations ({@code quiet}), then either
 * swings the tail from itself back to 0 (no waiter) or waits for its successor's link and clears
 * the successor's waiting bit.
 *
 * <p>Which locks this PE holds is kept here (cheap, local), so that clearing a lock this PE does
 * not hold and setting one it already holds are refused with a clear error rather than corrupting
 * the queue or deadlocking. A lock is the PE's, not a thread's: threads of one PE must not contend
 * for one lock through the same {@link Shmem}.
 */
final class ShmemLocks {
    private static final int WAITING = 0x8000_0000;
    private static final int NEXT = 0x7FFF_FFFF;

    private final Shmem shmem;
    private final Atomics atomics;
    private final int me;
    /** The locks this PE holds: (space id, byte offset in the space) packed. */
    private final Set<Key> held = ConcurrentHashMap.newKeySet();

    ShmemLocks(Shmem shmem) {
        this.shmem = shmem;
        this.atomics = shmem.client().atomics();
        this.me = shmem.myPe();
    }

    private record Key(MemorySpace space, long byteOffset) {
    }

    /** Where one lock's words are: the route team, the element's segment offset, the home PE. */
    private record Where(Team route, long offset, int home, Key key) {
        long tail() {
            return offset;
        }

        long node() {
            return offset + 4;
        }
    }

    /** {@code shmem_set_lock}: waits until this PE holds the lock; locks are granted in request order. */
    void set(SymmetricArray lock, long index) {
        Where w = where("setLock", lock, index);
        if (held.contains(w.key())) {
            throw new IllegalStateException("setLock: PE " + me + " already holds the lock " + describe(lock, index)
                    + "; setting it again would wait for itself forever");
        }
        atomics.setInt(w.route(), me, w.node(), WAITING);
        int predecessor = atomics.swapInt(w.route(), w.home(), w.tail(), me + 1);
        if (predecessor != 0) {
            atomics.orInt(w.route(), predecessor - 1, w.node(), me + 1); // link: the predecessor will hand over
            for (int i = 0; (atomics.getInt(w.route(), me, w.node()) & WAITING) != 0; ) {
                i = shmem.waits.idle(i);
            }
        }
        held.add(w.key());
    }

    /**
     * {@code shmem_test_lock}: takes the lock if it is free and nobody waits for it; never waits.
     *
     * @return true when this PE now holds the lock (C's 0), false when it is taken (C's 1)
     */
    boolean test(SymmetricArray lock, long index) {
        Where w = where("testLock", lock, index);
        if (held.contains(w.key())) {
            throw new IllegalStateException("testLock: PE " + me + " already holds the lock " + describe(lock, index));
        }
        atomics.setInt(w.route(), me, w.node(), 0); // granted if the swing below succeeds: nobody links before
        if (atomics.compareAndSwapInt(w.route(), w.home(), w.tail(), 0, me + 1) != 0) {
            shmem.client().poll();
            return false;
        }
        held.add(w.key());
        return true;
    }

    /**
     * {@code shmem_clear_lock}: completes this PE's outstanding operations, then passes the lock to
     * the next PE waiting for it, or frees it.
     *
     * @throws IllegalStateException when this PE does not hold the lock
     */
    void clear(SymmetricArray lock, long index) {
        Where w = where("clearLock", lock, index);
        if (!held.contains(w.key())) {
            throw new IllegalStateException("clearLock: PE " + me + " does not hold the lock " + describe(lock, index)
                    + " (only the PE that set it may clear it)");
        }
        shmem.quietAll(); // what was done under the lock is complete before the next holder runs
        int successor = atomics.getInt(w.route(), me, w.node()) & NEXT;
        if (successor == 0) {
            if (atomics.compareAndSwapInt(w.route(), w.home(), w.tail(), me + 1, 0) == me + 1) {
                held.remove(w.key());
                return; // nobody waited
            }
            // Someone swapped in after us and is about to link: wait for the link.
            for (int i = 0; (successor = atomics.getInt(w.route(), me, w.node()) & NEXT) == 0; ) {
                i = shmem.waits.idle(i);
            }
        }
        held.remove(w.key());
        atomics.andInt(w.route(), successor - 1, w.node(), ~WAITING); // hand over
    }

    private Where where(String routine, SymmetricArray lock, long index) {
        shmem.checkOpen(routine);
        shmem.checkObject(routine, lock);
        ShmemType t = lock.type();
        if (t.size() != 8 || t.isFloatingPoint()) {
            throw new BadArgumentException(routine + ": " + lock + " is not a 64-bit integer object (a lock is a "
                    + "symmetric long, set to 0 before first use)");
        }
        if (index < 0 || index >= lock.length()) {
            throw new BadArgumentException(routine + ": element " + index + " is outside " + lock + " (valid: [0, "
                    + lock.length() + "))");
        }
        MemorySpace space = lock.allocation().space;
        if (!space.has(MemorySpace.CAP_AMO)) {
            throw new BadArgumentException(routine + ": " + space.describe() + " does not support atomics (CAP_AMO), "
                    + "which locks are made of");
        }
        int home = space.coreTeam.jobRankOf(0);
        return new Where(space.route, lock.segmentOffset(index), home, new Key(space, lock.byteOffset(index)));
    }

    private static String describe(SymmetricArray lock, long index) {
        return "element " + index + " of " + lock;
    }
}
