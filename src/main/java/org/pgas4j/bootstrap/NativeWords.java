package org.pgas4j.bootstrap;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * The one native call shape of the bootstrap layer: seven integer-class words in, one word out, a variadic
 * call from the second word, no {@code errno} captured. {@code syscall(2)} ({@link Syscall}) and every
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
 *
 * <p>Why {@code errno} is not captured: no caller needs more than the result, and a capturing call
 * allocates in the JDK (a slice of the capture state, per call) wherever the JIT has not compiled
 * the caller with C2. A futex wait that sleeps a few hundred times a second stays in C1 code, and
 * its captures were 12-22 KB in every 20,000 rounds of the MPI facade's allocation test.
 */
final class NativeWords {
    /** {@code long f(long, long, long, long, long, long, long)}. */
    static final FunctionDescriptor SHAPE = FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG,
            JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);

    /** The shape with the function's address as a leading argument. */
    private static final MethodHandle BY_ADDRESS = Linker.nativeLinker().downcallHandle(SHAPE,
            Linker.Option.firstVariadicArg(1));

    private NativeWords() {
    }

    /** A handle of {@code function} in this shape, taking seven words. */
    static MethodHandle bind(MemorySegment function) {
        return BY_ADDRESS.bindTo(function);
    }

    /** Calls {@code function} (a handle of {@link #bind}) with seven words. */
    static long call(MethodHandle function, long a, long b, long c, long d, long e, long f, long g) {
        try {
            return (long) function.invokeExact(a, b, c, d, e, f, g);
        } catch (RuntimeException | Error t) {
            throw t;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Calls the function at {@code address} (a function pointer handed over by a library) with seven words. */
    static long callAddress(MemorySegment address, long a, long b, long c, long d, long e, long f, long g) {
        try {
            return (long) BY_ADDRESS.invokeExact(address, a, b, c, d, e, f, g);
        } catch (RuntimeException | Error t) {
            throw t;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
