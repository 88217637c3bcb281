package org.pgas4j.bootstrap;

import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
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
    /**
     * {@code SYS_futex_waitv} (Linux 5.16 and later; the same number on every architecture), or
     * -1. Whether this host's kernel has it is for the caller to find out: it fails there
     * otherwise, with {@code ENOSYS} or, under a seccomp filter that does not know it, {@code EPERM}.
     */
    public static final long FUTEX_WAITV;

    /** Whether {@link #bindInBackground} has started its thread. */
    private static final AtomicBoolean BINDING_STARTED = new AtomicBoolean();
    /** libc's {@code syscall}, found but not bound. */
    private static final MemorySegment FUNCTION;

    static {
        long[] numbers = switch (System.getProperty("os.arch", "")) {
            case "amd64", "x86_64" -> new long[] {202, 141, 449};
            case "aarch64" -> new long[] {98, 140, 449};
            default -> null;
        };
        boolean linux = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux");
        MemorySegment f = numbers == null || !linux ? null
                : Linker.nativeLinker().defaultLookup().find("syscall").orElse(null);
        FUNCTION = f;
        AVAILABLE = f != null;
        FUTEX = AVAILABLE ? numbers[0] : -1;
        SETPRIORITY = AVAILABLE ? numbers[1] : -1;
        FUTEX_WAITV = AVAILABLE ? numbers[2] : -1;
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
        return call(number, a, b, c, d, 0);
    }

    /**
     * {@code syscall(number, a, b, c, d, e)}: the call's result, -1 on failure.
     *
     * @throws IllegalStateException when {@link #AVAILABLE} is false
     */
    public static long call(long number, long a, long b, long c, long d, long e) {
        if (!AVAILABLE) {
            throw new IllegalStateException("no system calls on " + System.getProperty("os.name") + "/"
                    + System.getProperty("os.arch"));
        }
        return NativeWords.call(Bound.SYSCALL, number, a, b, c, d, e, 0);
    }

    /**
     * The calling thread's {@code errno} now, through libc's {@code __errno_location}: for a
     * one-time probe right after a {@link #call} that returned -1 on the same thread (the JVM may
     * change it in between, rarely: a probe should check more than one outcome). -1 where libc has
     * no such function.
     */
    public static int lastErrno() {
        if (ErrnoLocation.HANDLE == null) {
            return -1;
        }
        long address = NativeWords.call(ErrnoLocation.HANDLE, 0, 0, 0, 0, 0, 0, 0);
        return MemorySegment.ofAddress(address).reinterpret(4).get(ValueLayout.JAVA_INT, 0);
    }

    /** glibc's and musl's {@code int *__errno_location(void)}, bound at the first {@link #lastErrno}. */
    private static final class ErrnoLocation {
        static final MethodHandle HANDLE = FUNCTION == null ? null : Linker.nativeLinker().defaultLookup()
                .find("__errno_location").map(NativeWords::bind).orElse(null);
    }
}
