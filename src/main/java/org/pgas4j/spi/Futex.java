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
