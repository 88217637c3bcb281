package org.pgas4j.bootstrap;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The other process of {@code SyscallTest}'s binding checks, run with its class loading logged:
 * it asks whether system calls are available, prints a mark, then makes one.
 */
public final class SyscallBindingProbe {
    private static final int FUTEX_WAKE = 1;

    private SyscallBindingProbe() {
    }

    /** Runs the probe. */
    public static void main(String[] args) {
        System.out.println("MARK available=" + Syscall.AVAILABLE);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment word = arena.allocate(ValueLayout.JAVA_INT);
            System.out.println("MARK woke=" + Syscall.call(Syscall.FUTEX, word.address(), FUTEX_WAKE, 1, 0));
        }
    }
}
