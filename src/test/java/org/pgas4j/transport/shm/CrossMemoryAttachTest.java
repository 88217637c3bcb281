package org.pgas4j.transport.shm;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pgas4j.testing.WarmAllocation;

/**
 * {@link CrossMemoryAttach} against this process's own memory (which cross-memory attach may
 * reach as any other process's): both directions, from native memory and from heap memory (through
 * its bounce buffer), across its 64 KiB chunks; a failure names the errno, learnt by making the
 * call again with it captured; and a warm copy allocates nothing.
 */
class CrossMemoryAttachTest {
    private static final int PID = (int) ProcessHandle.current().pid();
    private static final int EFAULT = 14;
    private static final int ESRCH = 3;
    private static final int COPIES = 5_000;

    @BeforeAll
    static void available() {
        assumeTrue(CrossMemoryAttach.available(), "this libc has no process_vm_readv/process_vm_writev");
    }

    @Test
    void copiesBothWaysFromNativeAndHeapMemoryAcrossChunks() {
        int length = 3 * 65536 + 123;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment remote = arena.allocate(length + 16);
            MemorySegment nativeSource = arena.allocate(length);
            for (int i = 0; i < length; i++) {
                nativeSource.set(JAVA_BYTE, i, (byte) (i * 7));
            }
            CrossMemoryAttach.copy(true, PID, remote.address() + 16, nativeSource, 0, length);
            for (int i = 0; i < length; i += 997) {
                assertEquals((byte) (i * 7), remote.get(JAVA_BYTE, 16 + i), "byte " + i + " written from native memory");
            }
            assertEquals(0, remote.get(JAVA_BYTE, 15), "nothing written before the range");
            byte[] heap = new byte[length + 5];
            CrossMemoryAttach.copy(false, PID, remote.address() + 16, MemorySegment.ofArray(heap), 5, length);
            for (int i = 0; i < length; i += 991) {
                assertEquals((byte) (i * 7), heap[5 + i], "byte " + i + " read into heap memory");
            }
            assertEquals(0, heap[4], "nothing read before the range");
            heap[5 + length - 1] = 42;
            CrossMemoryAttach.copy(true, PID, remote.address() + 16, MemorySegment.ofArray(heap), 5, length);
            assertEquals(42, remote.get(JAVA_BYTE, 16 + length - 1), "the last byte written from heap memory");
        }
    }

    @Test
    void anUnmappedRemoteAddressFailsWithEfault() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment local = arena.allocate(64);
            CrossMemoryAttach.CmaException e = assertThrows(CrossMemoryAttach.CmaException.class,
                    () -> CrossMemoryAttach.copy(true, PID, 8, local, 0, 64));
            assertEquals(EFAULT, e.errno);
            assertTrue(e.getMessage().contains("EFAULT") && e.getMessage().contains(Integer.toString(PID)), e::getMessage);
        }
    }

    @Test
    void aProcessThatIsGoneFailsWithEsrch() throws Exception {
        Process p = new ProcessBuilder("true").start();
        assertEquals(0, p.waitFor());
        int gone = (int) p.pid(); // reaped: no process has this pid until the kernel hands it out again
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment local = arena.allocate(64);
            CrossMemoryAttach.CmaException e = assertThrows(CrossMemoryAttach.CmaException.class,
                    () -> CrossMemoryAttach.copy(false, gone, local.address(), local, 0, 64));
            assertEquals(ESRCH, e.errno);
            assertTrue(e.getMessage().contains("the peer process is gone"), e::getMessage);
        }
    }

    @Test
    void warmCopiesAllocateNothing() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment remote = arena.allocate(64);
            MemorySegment local = arena.allocate(64);
            copies(remote, local); // the first calls link the handles' code
            long before = WarmAllocation.byThisThread();
            copies(remote, local);
            long allocated = WarmAllocation.byThisThread() - before;
            // an errno capture allocated a slice of its state per call: 40 bytes each
            assertTrue(allocated < COPIES, allocated + " bytes allocated by " + 2 * COPIES + " copies");
        }
    }

    private static void copies(MemorySegment remote, MemorySegment local) {
        for (int i = 0; i < COPIES; i++) {
            CrossMemoryAttach.copy(true, PID, remote.address(), local, 0, 64);
            CrossMemoryAttach.copy(false, PID, remote.address(), local, 0, 64);
        }
    }
}
