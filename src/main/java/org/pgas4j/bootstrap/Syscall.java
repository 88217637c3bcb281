package org.pgas4j.bootstrap;

import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The Linux system calls that Java has no API for ({@code futex} for waits between processes,
 * {@code setpriority} for compiler threads), through libc's {@code syscall(2)} in
 * {@link NativeWords}' one call shape. Arguments are words (addresses as numbers, which allocate no
 * slice) and nothing is captured, so a call allocates nothing, compiled or not; a failure is seen
 * as -1 without its {@code errno} (the futex callers re-check their word whatever the result).
 * The handle is bound at the first call, not before: binding generates code, 40 to 60 ms of CPU,
 * and a PE whose waits never sleep (a short job, or the start of one) makes no system call here
 * at all. {@link #AVAILABLE} is false off Linux or on
 * an architecture whose system call numbers are not known here; callers then do without.
 */
public final class Syscall {
    /** Whether this host's system calls can be made here. */
    public static final boolean AVAILABLE;
    /** {@code SYS_futex}, or -1. */
    public static final long FUTEX;
    /** {@code SYS_setpriority}, or -1. */
    public static final long SETPRIORITY;

    /** Whether {@link #bindInBackground} has started its thread. */
    private static final AtomicBoolean BINDING_STARTED = new AtomicBoolean();
    /** libc's {@code syscall}, found but not bound. */
    private static final MemorySegment FUNCTION;

    static {
        long[] numbers = switch (System.getProperty("os.arch", "")) {
            case "amd64", "x86_64" -> new long[] {202, 141};
            case "aarch64" -> new long[] {98, 140};
            default -> null;
        };
        boolean linux = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux");
        MemorySegment f = numbers == null || !linux ? null
                : Linker.nativeLinker().defaultLookup().find("syscall").orElse(null);
        FUNCTION = f;
        AVAILABLE = f != null;
        FUTEX = AVAILABLE ? numbers[0] : -1;
        SETPRIORITY = AVAILABLE ? numbers[1] : -1;
    }

    private Syscall() {
    }

    /**
     * Binds the handle on a daemon thread of its own now, where this process has a core to spare
     * for it, so that the first call does not wait for it; a call made meanwhile waits for that
     * thread to finish (class initialisation). Does nothing when {@link #AVAILABLE} is false or
     * after the first time (PEs of one JVM each ask).
     */
    public static void bindInBackground() {
        if (AVAILABLE && BINDING_STARTED.compareAndSet(false, true)) {
            Thread.ofPlatform().daemon().name("pgas4j-syscall-bind").start(() -> {
                MethodHandle unused = Bound.SYSCALL;
            });
        }
    }

    /** The bound handle, made when the first call or {@link #bindInBackground} initialises this class. */
    private static final class Bound {
        static final MethodHandle SYSCALL = NativeWords.bind(FUNCTION);
    }

    /**
     * {@code syscall(number, a, b, c, d)}: the call's result, -1 on failure (unused trailing
     * arguments are 0).
     *
     * @throws IllegalStateException when {@link #AVAILABLE} is false
     */
    public static long call(long number, long a, long b, long c, long d) {
        if (!AVAILABLE) {
            throw new IllegalStateException("no system calls on " + System.getProperty("os.name") + "/"
                    + System.getProperty("os.arch"));
        }
        return NativeWords.call(Bound.SYSCALL, number, a, b, c, d, 0, 0);
    }
}
