package org.pgas4j.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** A small native buffer per thread, for single values that must go through a transport. */
public final class Scratch {
    private static final ThreadLocal<MemorySegment> PER_THREAD =
            ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(64, 64));

    private Scratch() {
    }

    /** This thread's 64-byte, 64-byte-aligned scratch buffer. */
    public static MemorySegment forThisThread() {
        return PER_THREAD.get();
    }
}
