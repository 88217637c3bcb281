package org.pgas4j.transport.shm;

import static java.lang.foreign.ValueLayout.*;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * Linux cross-memory attach ({@code process_vm_readv}/{@code process_vm_writev}): copies between
 * this process and another one's address space in one system call, without the other process
 * taking part. It reaches client-allocated memory that a peer cannot map.
 */
final class CrossMemoryAttach {
    private static final Linker LINKER = Linker.nativeLinker();
    private static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CALL_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final MethodHandle READV = downcall("process_vm_readv");
    private static final MethodHandle WRITEV = downcall("process_vm_writev");
    private static final long CHUNK = 1 << 16;
    private static final ThreadLocal<Buffers> BUFFERS = ThreadLocal.withInitial(Buffers::new);

    private CrossMemoryAttach() {
    }

    private static MethodHandle downcall(String name) {
        MemorySegment symbol = LINKER.defaultLookup().find(name).orElse(null);
        if (symbol == null) {
            return null;
        }
        return LINKER.downcallHandle(symbol,
                FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG),
                Linker.Option.captureCallState("errno"));
    }

    /** Whether this libc offers the calls. */
    static boolean available() {
        return READV != null && WRITEV != null;
    }

    /**
     * Copies {@code length} bytes between local memory and {@code remoteAddress} in process
     * {@code pid}; {@code write} selects the direction.
     *
     * @throws CmaException with the errno when the call fails (ESRCH: the peer is gone)
     */
    static void copy(boolean write, int pid, long remoteAddress, MemorySegment local, long localOffset, long length) {
        Buffers b = BUFFERS.get();
        long done = 0;
        while (done < length) {
            long n = Math.min(CHUNK, length - done);
            MemorySegment base;
            long baseOffset;
            if (local.isNative()) {
                base = local;
                baseOffset = localOffset + done;
            } else {
                base = b.bounce;
                baseOffset = 0;
                if (write) {
                    MemorySegment.copy(local, localOffset + done, b.bounce, 0, n);
                }
            }
            transfer(write, b, pid, base.address() + baseOffset, remoteAddress + done, n);
            if (!write && !local.isNative()) {
                MemorySegment.copy(b.bounce, 0, local, localOffset + done, n);
            }
            done += n;
        }
    }

    private static void transfer(boolean write, Buffers b, int pid, long localAddress, long remoteAddress, long n) {
        long moved = 0;
        while (moved < n) {
            b.iov.set(JAVA_LONG, 0, localAddress + moved);
            b.iov.set(JAVA_LONG, 8, n - moved);
            b.iov.set(JAVA_LONG, 16, remoteAddress + moved);
            b.iov.set(JAVA_LONG, 24, n - moved);
            long r;
            try {
                MethodHandle h = write ? WRITEV : READV;
                r = (long) h.invokeExact(b.callState, pid, b.iov, 1L, b.iov.asSlice(16, 16), 1L, 0L);
            } catch (Throwable t) {
                throw new IllegalStateException("process_vm call failed", t);
            }
            if (r <= 0) {
                int errno = (int) ERRNO.get(b.callState, 0L);
                throw new CmaException(pid, errno);
            }
            moved += r;
        }
    }

    /** A failed cross-memory call. */
    static final class CmaException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int errno;

        CmaException(int pid, int errno) {
            super("cross-memory access to process " + pid + " failed with errno " + errno
                    + (errno == 3 ? " (ESRCH: the peer process is gone)" : errno == 1 ? " (EPERM: not permitted)"
                    : errno == 14 ? " (EFAULT: address not mapped in the peer)" : ""));
            this.errno = errno;
        }
    }

    private static final class Buffers {
        final Arena arena = Arena.ofAuto();
        final MemorySegment iov = arena.allocate(32, 8);
        final MemorySegment callState = arena.allocate(CALL_STATE);
        final MemorySegment bounce = arena.allocate(CHUNK, 64);
    }
}
