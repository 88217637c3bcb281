package org.pgas4j.internal;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Locale;

/**
 * Linux futexes on shared memory, through {@code syscall(SYS_futex, ...)}: a thread can sleep in
 * the kernel until another thread or process, which maps the same memory, wakes it. Uses the
 * shared (not {@code _PRIVATE}) operations, so waiter and waker may be different processes
 * mapping one file. With more PEs than cores this is what lets a waiting PE give its core to the
 * PE it waits for instead of yielding in a loop. {@link #AVAILABLE} is false off Linux or on an
 * architecture whose syscall number is not known here; callers then keep yielding and parking.
 */
public final class Futex {
    private static final int FUTEX_WAIT = 0;
    private static final int FUTEX_WAKE = 1;
    private static final MethodHandle SYSCALL = lookup();

    /** Whether futexes can be used on this host. */
    public static final boolean AVAILABLE = SYSCALL != null;

    private Futex() {
    }

    private static MethodHandle lookup() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (!os.contains("linux") || syscallNumber() < 0) {
            return null;
        }
        Linker linker = Linker.nativeLinker();
        return linker.defaultLookup().find("syscall").map(symbol -> linker.downcallHandle(symbol,
                FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS,
                        ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS),
                Linker.Option.firstVariadicArg(1))).orElse(null);
    }

    private static long syscallNumber() {
        return switch (System.getProperty("os.arch", "")) {
            case "amd64", "x86_64" -> 202;
            case "aarch64" -> 98;
            default -> -1;
        };
    }

    /**
     * Sleeps while the 32-bit word at {@code offset} of {@code memory} still holds
     * {@code expected}, until woken or {@code timeout} (a 16-byte struct timespec, reused by the
     * caller) has passed; returns at once when the word differs. Spurious returns are possible:
     * callers re-check their condition.
     */
    public static void await(MemorySegment memory, long offset, int expected, MemorySegment timeout) {
        try {
            long unused = (long) SYSCALL.invokeExact(syscallNumber(), memory.asSlice(offset, 4), FUTEX_WAIT,
                    expected, timeout);
        } catch (Throwable t) {
            throw new IllegalStateException("futex wait failed", t);
        }
    }

    /** Wakes up to {@code count} threads sleeping on the 32-bit word at {@code offset} of {@code memory}. */
    public static void wake(MemorySegment memory, long offset, int count) {
        try {
            long unused = (long) SYSCALL.invokeExact(syscallNumber(), memory.asSlice(offset, 4), FUTEX_WAKE, count,
                    MemorySegment.NULL);
        } catch (Throwable t) {
            throw new IllegalStateException("futex wake failed", t);
        }
    }

    /** A struct timespec of {@code nanos} (below one second) in {@code memory}, for {@link #await}. */
    public static MemorySegment timespec(MemorySegment memory, long nanos) {
        memory.set(ValueLayout.JAVA_LONG, 0, nanos / 1_000_000_000L);
        memory.set(ValueLayout.JAVA_LONG, 8, nanos % 1_000_000_000L);
        return memory;
    }
}
