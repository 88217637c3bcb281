package org.pgas4j.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import org.junit.jupiter.api.Test;
import org.pgas4j.testing.WarmAllocation;

/**
 * {@link NativeWords}' one call shape reaching C functions of fewer and narrower parameters, as
 * {@link Syscall} and {@link PmixLibrary} use it: by symbol and by a function pointer, with an
 * {@code int} result in the low half, allocating nothing per call.
 */
class NativeWordsTest {
    private static final MemorySegment STRLEN = Linker.nativeLinker().defaultLookup().findOrThrow("strlen");
    private static final MemorySegment ABS = Linker.nativeLinker().defaultLookup().findOrThrow("abs");
    private static final int CALLS = 5_000;

    @Test
    void aOneArgumentFunctionBoundByItsSymbolGetsItsArgumentAndIgnoresTheRest() {
        MethodHandle strlen = NativeWords.bind(STRLEN);
        try (Arena arena = Arena.ofConfined()) {
            long text = arena.allocateFrom("seven words").address();
            assertEquals(11, NativeWords.call(strlen, text, -1, -1, -1, -1, -1, -1));
            assertEquals(0, NativeWords.call(strlen, arena.allocateFrom("").address(), 0, 0, 0, 0, 0, 0));
        }
    }

    @Test
    void anIntFunctionReadsTheLowHalfOfItsWordAndAnswersInTheLowHalfOfTheResult() {
        MethodHandle abs = NativeWords.bind(ABS);
        // int abs(int): the upper half of the argument word is not the callee's; its result is an int
        assertEquals(5, (int) NativeWords.call(abs, 0x7fff_ffff_0000_0000L | (-5 & 0xffff_ffffL), 0, 0, 0, 0, 0, 0));
        assertEquals(123, (int) NativeWords.call(abs, 123, 0, 0, 0, 0, 0, 0));
    }

    @Test
    void aFunctionPointerIsCalledInTheSameShape() {
        try (Arena arena = Arena.ofConfined()) {
            long text = arena.allocateFrom("pointer").address();
            assertEquals(7, NativeWords.callAddress(STRLEN, text, 0, 0, 0, 0, 0, 0));
        }
    }

    @Test
    void callsAllocateNothingBeforeTheJitCompilesTheirCaller() {
        MethodHandle abs = NativeWords.bind(ABS);
        // the first calls link the handle's code, and the JDK customizes a handle called often
        // from code not compiled yet (a class of its own, once): the second window is the calls'
        assertEquals((long) CALLS * (CALLS - 1) / 2, sumOfAbs(abs));
        long before = WarmAllocation.byThisThread();
        long sum = sumOfAbs(abs);
        long allocated = WarmAllocation.byThisThread() - before;
        assertEquals((long) CALLS * (CALLS - 1) / 2, sum);
        // an errno capture allocated a slice of its state per call: some 40 bytes each
        assertTrue(allocated < CALLS, allocated + " bytes allocated by " + CALLS + " calls");
    }

    private static long sumOfAbs(MethodHandle abs) {
        long sum = 0;
        for (int i = 0; i < CALLS; i++) {
            sum += NativeWords.call(abs, -i, 0, 0, 0, 0, 0, 0);
        }
        return sum;
    }
}
