package org.pgas4j.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The one system-call handle of {@link Syscall}: results, failures, each call it serves, and when it
 * is bound (at the first call, or at once in the background; never merely because the class was
 * used), seen in a probe process's class-loading log.
 */
class SyscallTest {
    private static final int FUTEX_WAIT = 0;
    private static final int FUTEX_WAKE = 1;
    private static final int FUTEX_NO_SUCH_OP = 127;
    /** A class java.lang.foreign generates when it binds a downcall. */
    private static final String DOWNCALL_STUB = "jdk.internal.foreign.abi.DowncallStub";

    @Test
    void failuresReturnMinusOne() throws Exception {
        assumeTrue(Syscall.AVAILABLE, "no system call numbers for this host");
        try (Arena arena = Arena.ofShared()) {
            MemorySegment word = arena.allocate(ValueLayout.JAVA_INT);
            // an operation the kernel does not have (ENOSYS), also from another thread
            assertEquals(-1, Syscall.call(Syscall.FUTEX, word.address(), FUTEX_NO_SUCH_OP, 0, 0));
            long[] theirs = new long[1];
            Thread other = Thread.ofPlatform().start(
                    () -> theirs[0] = Syscall.call(Syscall.FUTEX, word.address(), FUTEX_NO_SUCH_OP, 0, 0));
            other.join();
            assertEquals(-1, theirs[0]);
            // a word the process does not map (EFAULT)
            assertEquals(-1, Syscall.call(Syscall.FUTEX, 0, FUTEX_WAIT, 0, 0));
        }
    }

    @Test
    void futexWaitReturnsAtOnceWhenTheWordDiffersAndWakeFindsNobody() {
        assumeTrue(Syscall.AVAILABLE, "no system call numbers for this host");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment word = arena.allocate(ValueLayout.JAVA_INT);
            word.set(ValueLayout.JAVA_INT, 0, 7);
            MemorySegment timespec = arena.allocate(16, 8);
            timespec.set(ValueLayout.JAVA_LONG, 0, 30); // 30 s: only EAGAIN (the word differs) ends it early
            long start = System.nanoTime();
            assertEquals(-1, Syscall.call(Syscall.FUTEX, word.address(), FUTEX_WAIT, 6, timespec.address()));
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(20), "the wait slept on a word that differed");
            assertEquals(0, Syscall.call(Syscall.FUTEX, word.address(), FUTEX_WAKE, 1, 0));
        }
    }

    @Test
    void theHandleIsBoundAtTheFirstCallNotWhenTheClassIsFirstUsed() throws Exception {
        ProbeRun run = probe("lazy");
        assertTrue(run.mark >= 0 && run.stub > run.mark, "the downcall is generated after the mark, at the call: " + run);
    }

    @Test
    void aBackgroundBindingIsDoneOnceAndBeforeTheFirstCall() throws Exception {
        ProbeRun run = probe("background");
        assertTrue(run.stub >= 0 && run.stub < run.mark, "the downcall is generated before the mark: " + run);
        assertTrue(run.lines.contains("MARK binders=1") || run.lines.contains("MARK binders=0"),
                "one binding thread for two requests: " + run);
    }

    /** Where in a probe's output its mark and the first generated downcall are (-1: absent). */
    private record ProbeRun(int mark, int stub, List<String> lines) {
    }

    /** Runs the probe in {@code mode}; its one system call must have worked. */
    private static ProbeRun probe(String mode) throws Exception {
        assumeTrue(Syscall.AVAILABLE, "no system call numbers for this host");
        List<String> out = probeOutput(mode);
        assertTrue(out.contains("MARK woke=0"), out::toString);
        return new ProbeRun(indexOf(out, "MARK available=true"), indexOf(out, DOWNCALL_STUB), out);
    }

    /** The probe's output with its class loading logged on the same stream. */
    private static List<String> probeOutput(String mode) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = Path.of(Syscall.class.getProtectionDomain().getCodeSource().getLocation().toURI()) + File.pathSeparator
                + Path.of(SyscallBindingProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Process p = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-Xshare:off",
                "-Xlog:class+load=info:stdout", "-cp", cp, SyscallBindingProbe.class.getName(), mode)
                .redirectErrorStream(true).start();
        List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), lines.toString());
        return lines;
    }

    private static int indexOf(List<String> lines, String part) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(part)) {
                return i;
            }
        }
        return -1;
    }
}
