package org.pgas4j.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one system-call handle of {@link Syscall}: results, errno, and each call it serves. */
class SyscallTest {
    private static final int O_RDWR = 02;
    private static final int O_CREAT = 0100;
    private static final int O_EXCL = 0200;
    private static final int ENOENT = 2;
    private static final int EEXIST = 17;
    private static final int EBADF = 9;
    private static final int EAGAIN = 11;

    @TempDir
    Path dir;

    @Test
    void openatCreatesAFileAndCloseReleasesItsDescriptor() throws Exception {
        assumeTrue(Syscall.AVAILABLE, "no system call numbers for this host");
        Path file = dir.resolve("created");
        try (Arena arena = Arena.ofConfined()) {
            long name = arena.allocateFrom(file.toString()).address();
            long fd = Syscall.call(Syscall.OPENAT, Syscall.AT_FDCWD, name, O_RDWR | O_CREAT | O_EXCL, 0600);
            assertTrue(fd >= 0, "fd " + fd + ", errno " + Syscall.errno());
            assertTrue(Files.isRegularFile(file));
            assertTrue(Files.isSymbolicLink(Path.of("/proc/self/fd/" + fd)));
            assertEquals(0, Syscall.call(Syscall.CLOSE, fd, 0, 0, 0));
            // the errno of each failure is this thread's, captured with the call
            assertEquals(-1, Syscall.call(Syscall.OPENAT, Syscall.AT_FDCWD, name, O_RDWR | O_CREAT | O_EXCL, 0600));
            assertEquals(EEXIST, Syscall.errno());
            assertEquals(-1, Syscall.call(Syscall.CLOSE, fd, 0, 0, 0));
            assertEquals(EBADF, Syscall.errno());
            long missing = arena.allocateFrom(dir.resolve("missing").toString()).address();
            assertEquals(-1, Syscall.call(Syscall.OPENAT, Syscall.AT_FDCWD, missing, O_RDWR, 0));
            assertEquals(ENOENT, Syscall.errno());
        }
    }

    @Test
    void futexWaitReturnsAtOnceWhenTheWordDiffersAndWakeFindsNobody() {
        assumeTrue(Syscall.AVAILABLE, "no system call numbers for this host");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment word = arena.allocate(ValueLayout.JAVA_INT);
            word.set(ValueLayout.JAVA_INT, 0, 7);
            MemorySegment timespec = arena.allocate(16, 8);
            timespec.set(ValueLayout.JAVA_LONG, 8, 1_000_000);
            assertEquals(-1, Syscall.call(Syscall.FUTEX, word.address(), 0 /* FUTEX_WAIT */, 6, timespec.address()));
            assertEquals(EAGAIN, Syscall.errno());
            assertEquals(0, Syscall.call(Syscall.FUTEX, word.address(), 1 /* FUTEX_WAKE */, 1, 0));
        }
    }
}
