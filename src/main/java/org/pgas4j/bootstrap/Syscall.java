package org.pgas4j.bootstrap;

import java.lang.foreign.Linker;
import java.lang.invoke.MethodHandle;
import java.util.Locale;

/**
 * The Linux system calls of a PE's start and waits ({@code openat}, {@code close}, {@code futex}),
 * all through libc's {@code syscall(2)} in {@link NativeWords}' one call shape: java.lang.foreign
 * generates and loads code for each distinct call shape, about 20 ms of a PE's start apiece, and
 * these three had three. Arguments are words (addresses as numbers, which allocate no slice); {@code errno} is
 * captured into a state segment of the calling thread's own, so a call allocates nothing after a
 * thread's first. {@link #AVAILABLE} is false off Linux or on an architecture whose system call
 * numbers are not known here; callers then use libc's own functions or do without.
 */
public final class Syscall {
    /** Whether this host's system calls can be made here. */
    public static final boolean AVAILABLE;
    /** {@code SYS_openat}, or -1. */
    public static final long OPENAT;
    /** {@code SYS_close}, or -1. */
    public static final long CLOSE;
    /** {@code SYS_futex}, or -1. */
    public static final long FUTEX;
    /** {@code SYS_setpriority}, or -1. */
    public static final long SETPRIORITY;
    /** {@code AT_FDCWD}: a relative path of {@code openat} is taken from the working directory. */
    public static final long AT_FDCWD = -100;

    private static final MethodHandle SYSCALL;

    static {
        long[] numbers = switch (System.getProperty("os.arch", "")) {
            case "amd64", "x86_64" -> new long[] {257, 3, 202, 141};
            case "aarch64" -> new long[] {56, 57, 98, 140};
            default -> null;
        };
        boolean linux = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux");
        MethodHandle h = numbers == null || !linux ? null
                : Linker.nativeLinker().defaultLookup().find("syscall").map(NativeWords::bind).orElse(null);
        SYSCALL = h;
        AVAILABLE = h != null;
        OPENAT = AVAILABLE ? numbers[0] : -1;
        CLOSE = AVAILABLE ? numbers[1] : -1;
        FUTEX = AVAILABLE ? numbers[2] : -1;
        SETPRIORITY = AVAILABLE ? numbers[3] : -1;
    }

    private Syscall() {
    }

    /**
     * {@code syscall(number, a, b, c, d)}: the call's result, -1 on failure with {@link #errno()}
     * telling why (unused trailing arguments are 0).
     *
     * @throws IllegalStateException when {@link #AVAILABLE} is false
     */
    public static long call(long number, long a, long b, long c, long d) {
        if (!AVAILABLE) {
            throw new IllegalStateException("no system calls on " + System.getProperty("os.name") + "/"
                    + System.getProperty("os.arch"));
        }
        return NativeWords.call(SYSCALL, number, a, b, c, d, 0, 0);
    }

    /** The {@code errno} of this thread's last failed {@link #call}. */
    public static int errno() {
        return NativeWords.errno();
    }
}
