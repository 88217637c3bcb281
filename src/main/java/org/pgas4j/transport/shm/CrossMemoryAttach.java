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
    private static final FunctionDescriptor SHAPE =
            FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG);
    private static final MemorySegment READV_SYMBOL = LINKER.defaultLookup().find("process_vm_readv").orElse(null);
    private static final MemorySegment WRITEV_SYMBOL = LINKER.defaultLookup().find("process_vm_writev").orElse(null);
    /**
     * The calls capture no {@code errno}: a capture allocates a slice of its state per call, and
     * escape analysis did not remove it (40 bytes per GASPI write into a peer's bound memory).
     * A failed call is made again through {@link Failures} to learn why.
     */
    private static final MethodHandle READV = downcall(READV_SYMBOL);
    private static final MethodHandle WRITEV = downcall(WRITEV_SYMBOL);
    private static final long CHUNK = 1 << 16;
    private static final ThreadLocal<Buffers> BUFFERS = ThreadLocal.withInitial(Buffers::new);

    private CrossMemoryAttach() {
    }

    private static MethodHandle downcall(MemorySegment symbol, Linker.Option... options) {
        return symbol == null ? null : LINKER.downcallHandle(symbol, SHAPE, options);
    }

    /** The same calls capturing {@code errno}, bound at the first failure. */
    private static final class Failures {
        static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
        static final VarHandle ERRNO = CALL_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
        static final MethodHandle READV = downcall(READV_SYMBOL, Linker.Option.captureCallState("errno"));
        static final MethodHandle WRITEV = downcall(WRITEV_SYMBOL, Linker.Option.captureCallState("errno"));

        /**
         * The failed call made again with its {@code errno} captured (nothing moved the first
         * time, so the data is the same): the bytes it moved if it went through this time.
         *
         * @throws CmaException with the errno when it failed again
         */
        static long retry(boolean write, int pid, MemorySegment iov, MemorySegment remoteIov) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment state = arena.allocate(CALL_STATE);
                long r = (long) (write ? WRITEV : READV).invokeExact(state, pid, iov, 1L, remoteIov, 1L, 0L);
                if (r > 0) {
                    return r;
                }
                throw new CmaException(pid, (int) ERRNO.get(state, 0L));
            } catch (CmaException e) {
                throw e;
            } catch (Throwable t) {
                throw new IllegalStateException("process_vm call failed", t);
            }
        }
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
                r = (long) h.invokeExact(pid, b.iov, 1L, b.remoteIov, 1L, 0L);
            } catch (Throwable t) {
                throw new IllegalStateException("process_vm call failed", t);
            }
            if (r <= 0) {
                r = Failures.retry(write, pid, b.iov, b.remoteIov);
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
        /** The local then the remote {@code struct iovec}. */
        final MemorySegment iov = arena.allocate(32, 8);
        /** The remote one, sliced once: a slice per call allocates where C2 has not compiled the caller. */
        final MemorySegment remoteIov = iov.asSlice(16, 16);
        final MemorySegment bounce = arena.allocate(CHUNK, 64);
    }
}
