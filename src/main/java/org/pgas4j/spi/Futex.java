package org.pgas4j.spi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.pgas4j.bootstrap.Syscall;

/**
 * Linux futexes on shared memory, through {@code syscall(SYS_futex, ...)} ({@link Syscall}): a thread can sleep in
 * the kernel until another thread or process, which maps the same memory, wakes it. Uses the
 * shared (not {@code _PRIVATE}) operations, so waiter and waker may be different processes
 * mapping one file. With more PEs than cores this is what lets a waiting PE give its core to the
 * PE it waits for instead of yielding in a loop. {@link #AVAILABLE} is false off Linux or on an
 * architecture whose syscall number is not known here; callers then keep yielding and parking.
 */
public final class Futex {
    private static final int FUTEX_WAIT = 0;
    private static final int FUTEX_WAKE = 1;
    /** Each thread's struct timespec for {@link #await(MemorySegment, long, int, long)}: allocated once per thread. */
    private static final ThreadLocal<MemorySegment> TIMESPEC =
            ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(16, 8));

    /** Whether futexes can be used on this host. */
    public static final boolean AVAILABLE = Syscall.AVAILABLE;

    private Futex() {
    }

    /**
     * Sleeps while the 32-bit word at {@code offset} of {@code memory} still holds
     * {@code expected}, until woken or {@code timeout} (a 16-byte struct timespec, reused by the
     * caller) has passed; returns at once when the word differs. Spurious returns are possible:
     * callers re-check their condition.
     */
    public static void await(MemorySegment memory, long offset, int expected, MemorySegment timeout) {
        if (!timeout.isNative() || timeout.byteSize() < 16) {
            throw new IllegalArgumentException("a futex timeout must be a 16-byte struct timespec in native memory; got "
                    + timeout);
        }
        long unused = Syscall.call(Syscall.FUTEX, address(memory, offset), FUTEX_WAIT, expected, timeout.address());
    }

    /**
     * {@link #await(MemorySegment, long, int, MemorySegment)} for at most {@code nanos} (below one
     * second), through a timespec of the calling thread's own: allocates nothing after a thread's
     * first call.
     */
    public static void await(MemorySegment memory, long offset, int expected, long nanos) {
        await(memory, offset, expected, timespec(TIMESPEC.get(), nanos));
    }

    /**
     * Sleeps while the 32-bit word at {@code offset} of {@code memory} holds {@code expected} and
     * the one at {@code otherOffset} of {@code other} holds {@code otherExpected}, until either
     * changes and its waker wakes it, or {@code nanos} (below one second) have passed; returns at
     * once when either differs. Spurious returns are possible. Through {@code futex_waitv} (Linux
     * 5.16 and later, {@link #waitsOnTwo()}); where the kernel lacks it, this sleeps on the first
     * word only, as {@link #await(MemorySegment, long, int, long)} does, and a change of the second
     * ends the sleep only at its timeout. Allocates nothing after a thread's first call.
     */
    public static void awaitEither(MemorySegment memory, long offset, int expected, MemorySegment other,
                                   long otherOffset, int otherExpected, long nanos) {
        if (!WaitOnTwo.AVAILABLE) {
            await(memory, offset, expected, nanos);
            return;
        }
        long first = address(memory, offset);
        long second = address(other, otherOffset);
        MemorySegment w = WaitOnTwo.WAITERS.get();
        WaitOnTwo.waiter(w, 0, first, expected);
        WaitOnTwo.waiter(w, 1, second, otherExpected);
        long deadline = System.nanoTime() + nanos; // futex_waitv's timeout is absolute: CLOCK_MONOTONIC, as nanoTime
        w.set(ValueLayout.JAVA_LONG, WaitOnTwo.TIMEOUT, deadline / 1_000_000_000L);
        w.set(ValueLayout.JAVA_LONG, WaitOnTwo.TIMEOUT + 8, deadline % 1_000_000_000L);
        long unused = Syscall.call(Syscall.FUTEX_WAITV, w.address(), 2, 0, w.address() + WaitOnTwo.TIMEOUT,
                WaitOnTwo.CLOCK_MONOTONIC);
    }

    /** Whether {@link #awaitEither} sleeps on both words here (the kernel has {@code futex_waitv}). */
    public static boolean waitsOnTwo() {
        return WaitOnTwo.AVAILABLE;
    }

    /**
     * {@code futex_waitv}: two {@code struct futex_waitv} (value, address, flags, reserved: 24
     * bytes each) and an absolute {@code struct timespec} per thread. Whether the kernel has it is
     * probed once, at the first {@link #awaitEither}: a wait on a word that holds its value with a
     * deadline already past must fail with {@code ETIMEDOUT}, and one on a word that does not with
     * {@code EAGAIN}; a kernel without it fails both with {@code ENOSYS} (or {@code EPERM} under a
     * seccomp filter), and a wrong answer here would make every sleep return at once.
     */
    private static final class WaitOnTwo {
        static final long WAITER_BYTES = 24;
        static final long TIMEOUT = 2 * WAITER_BYTES;
        static final int FUTEX2_SIZE_U32 = 2; // not FUTEX2_PRIVATE: waiter and waker may be different processes
        static final long CLOCK_MONOTONIC = 1;
        static final int ETIMEDOUT = 110;
        static final int EAGAIN = 11;
        static final ThreadLocal<MemorySegment> WAITERS =
                ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(TIMEOUT + 16, 8));
        static final boolean AVAILABLE = Syscall.AVAILABLE && probe();

        static void waiter(MemorySegment w, int index, long address, int expected) {
            long at = index * WAITER_BYTES;
            w.set(ValueLayout.JAVA_LONG, at, expected & 0xFFFF_FFFFL);
            w.set(ValueLayout.JAVA_LONG, at + 8, address);
            w.set(ValueLayout.JAVA_INT, at + 16, FUTEX2_SIZE_U32);
            w.set(ValueLayout.JAVA_INT, at + 20, 0);
        }

        private static boolean probe() {
            // Bind __errno_location first: its lookup and binding make system calls of their own,
            // which would leave their errno between the probe's call and its read.
            int unusedErrno = Syscall.lastErrno();
            MemorySegment words = Arena.ofAuto().allocate(8, 8); // two words holding 0
            MemorySegment w = Arena.ofAuto().allocate(TIMEOUT + 16, 8); // its timeout, 0 s: long past
            waiter(w, 0, words.address(), 0);
            waiter(w, 1, words.address() + 4, 0);
            boolean timesOut = Syscall.call(Syscall.FUTEX_WAITV, w.address(), 2, 0, w.address() + TIMEOUT,
                    CLOCK_MONOTONIC) == -1 && Syscall.lastErrno() == ETIMEDOUT;
            waiter(w, 1, words.address() + 4, 1); // the second word does not hold 1
            boolean comparesValues = Syscall.call(Syscall.FUTEX_WAITV, w.address(), 2, 0, w.address() + TIMEOUT,
                    CLOCK_MONOTONIC) == -1 && Syscall.lastErrno() == EAGAIN;
            return timesOut && comparesValues;
        }
    }

    /** Wakes up to {@code count} threads sleeping on the 32-bit word at {@code offset} of {@code memory}. */
    public static void wake(MemorySegment memory, long offset, int count) {
        long unused = Syscall.call(Syscall.FUTEX, address(memory, offset), FUTEX_WAKE, count, 0);
    }

    /**
     * The address of the 32-bit word at {@code offset} of native {@code memory}, checked: passed
     * to the kernel as a number (a variadic argument, so the same registers as a pointer), which
     * creates no slice and so allocates nothing.
     */
    private static long address(MemorySegment memory, long offset) {
        if (!memory.isNative() || offset < 0 || offset > memory.byteSize() - 4 || (memory.address() + offset & 3) != 0) {
            throw new IllegalArgumentException("a futex word must be an aligned 32-bit word of native memory; got offset "
                    + offset + " of " + memory);
        }
        return memory.address() + offset;
    }

    /** A struct timespec of {@code nanos} (below one second) in {@code memory}, for {@link #await}. */
    public static MemorySegment timespec(MemorySegment memory, long nanos) {
        memory.set(ValueLayout.JAVA_LONG, 0, nanos / 1_000_000_000L);
        memory.set(ValueLayout.JAVA_LONG, 8, nanos % 1_000_000_000L);
        return memory;
    }
}
