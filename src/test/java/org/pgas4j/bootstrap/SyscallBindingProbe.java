package org.pgas4j.bootstrap;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The other process of {@code SyscallTest}'s binding checks, run with its class loading logged:
 * {@code lazy} asks whether system calls are available, prints a mark, then makes one;
 * {@code background} asks twice for the handle to be bound in the background, counts and waits
 * for the binding threads, prints a mark, then makes one.
 */
public final class SyscallBindingProbe {
    private static final int FUTEX_WAKE = 1;

    private SyscallBindingProbe() {
    }

    /** Runs one probe: {@code lazy} or {@code background}. */
    public static void main(String[] args) throws InterruptedException {
        if (args[0].equals("background")) {
            Syscall.bindInBackground();
            Syscall.bindInBackground(); // as a second PE of this JVM would
            int binders = 0;
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().equals("pgas4j-syscall-bind")) {
                    binders++;
                    t.join();
                }
            }
            System.out.println("MARK binders=" + binders);
        }
        System.out.println("MARK available=" + Syscall.AVAILABLE);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment word = arena.allocate(ValueLayout.JAVA_INT);
            System.out.println("MARK woke=" + Syscall.call(Syscall.FUTEX, word.address(), FUTEX_WAKE, 1, 0));
        }
    }
}
