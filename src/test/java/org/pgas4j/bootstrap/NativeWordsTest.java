package org.pgas4j.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import org.junit.jupiter.api.Test;

/**
 * {@link NativeWords}' one call shape reaching C functions of fewer and narrower parameters, as
 * {@link Syscall} and {@link PmixLibrary} use it: by symbol and by a function pointer, with an
 * {@code int} result in the low half, and errno captured per thread.
 */
class NativeWordsTest {
    private static final MemorySegment STRLEN = Linker.nativeLinker().defaultLookup().findOrThrow("strlen");
    private static final MemorySegment ABS = Linker.nativeLinker().defaultLookup().findOrThrow("abs");
    private static final int EBADF = 9;

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
    void errnoIsThisThreadsOwnCapture() throws Exception {
        MethodHandle close = NativeWords.bind(Linker.nativeLinker().defaultLookup().findOrThrow("close"));
        assertEquals(-1, (int) NativeWords.call(close, -1, 0, 0, 0, 0, 0, 0));
        assertEquals(EBADF, NativeWords.errno());
        int[] other = new int[1];
        Thread t = new Thread(() -> other[0] = NativeWords.errno());
        t.start();
        t.join();
        assertNotEquals(EBADF, other[0], "another thread's capture is its own");
    }
}
