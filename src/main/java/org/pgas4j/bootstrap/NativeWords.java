package org.pgas4j.bootstrap;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The one native call shape of the bootstrap layer: seven integer-class words in, one word out, a variadic
 * call from the second word, {@code errno} captured. {@code syscall(2)} ({@link Syscall}) and every
 * PMIx function ({@link PmixLibrary}) are called through it, because java.lang.foreign generates and
 * loads code for each distinct shape (descriptor and options), about 20 ms of CPU of every PE that
 * needs one more; a PE started under PMIx paid for both (docs/benchmarks.md, "PMIx start-up").
 *
 * <p>Why a C function of fewer or narrower parameters may be called so, on the 64-bit Linux C ABIs
 * that java.lang.foreign supports: a pointer, a {@code size_t}, an {@code int} or a {@code uint8_t}
 * argument each take one integer register or 8-byte stack slot, in order; the callee reads only the
 * arguments it declares and the caller cleans the stack; an {@code int} result is the low half of the
 * result register; and the variadic marking only tells a callee how many vector registers carry
 * arguments (none), which a function with a fixed parameter list never reads. Callers pass addresses
 * as numbers ({@link MemorySegment#address()}), which allocates nothing.
 */
final class NativeWords {
    /** {@code long f(long, long, long, long, long, long, long)}. */
    static final FunctionDescriptor SHAPE = FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG,
            JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);

    private static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
    /** Where errno is in the capture state (a plain offset: a layout VarHandle spins more classes at start). */
    private static final long ERRNO = CALL_STATE.byteOffset(MemoryLayout.PathElement.groupElement("errno"));
    /** The shape with the function's address as a leading argument, then the capture state. */
    private static final MethodHandle BY_ADDRESS = Linker.nativeLinker().downcallHandle(SHAPE,
            Linker.Option.firstVariadicArg(1), Linker.Option.captureCallState("errno"));
    /** Each thread's errno capture: allocated once per thread. */
    private static final ThreadLocal<MemorySegment> STATE =
            ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(CALL_STATE));

    private NativeWords() {
    }

    /** A handle of {@code function} in this shape, taking the capture state then seven words. */
    static MethodHandle bind(MemorySegment function) {
        return BY_ADDRESS.bindTo(function);
    }

    /**
     * Calls {@code function} (a handle of {@link #bind}) with seven words; {@link #errno()} tells
     * why it failed, where the function sets errno.
     */
    static long call(MethodHandle function, long a, long b, long c, long d, long e, long f, long g) {
        try {
            return (long) function.invokeExact(STATE.get(), a, b, c, d, e, f, g);
        } catch (RuntimeException | Error t) {
            throw t;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Calls the function at {@code address} (a function pointer handed over by a library) with seven words. */
    static long callAddress(MemorySegment address, long a, long b, long c, long d, long e, long f, long g) {
        try {
            return (long) BY_ADDRESS.invokeExact(address, STATE.get(), a, b, c, d, e, f, g);
        } catch (RuntimeException | Error t) {
            throw t;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** The {@code errno} this thread's last call captured. */
    static int errno() {
        return STATE.get().get(ValueLayout.JAVA_INT, ERRNO);
    }
}
