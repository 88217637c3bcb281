package org.pgas4j.internal.memory;

import org.pgas4j.MemoryKindClass;
import org.pgas4j.Segment;

/**
 * The number a published directory slot carries for its segment's memory: the kind's class, and
 * whether the memory is the client's own. Peers decide from it how to reach the segment without
 * holding the owner's kind object.
 */
public final class KindCodes {
    /** Set for client-allocated memory. */
    public static final int CLIENT = 0x100;
    private static final MemoryKindClass[] CLASSES = MemoryKindClass.values();

    private KindCodes() {
    }

    public static int of(Segment s) {
        return s.kind().kindClass().ordinal() | (s.isClientAllocated() ? CLIENT : 0);
    }

    /** The class a code names; null for a code no class has (a corrupt or foreign slot). */
    public static MemoryKindClass classOf(int code) {
        int c = code & 0xFF;
        return c < CLASSES.length ? CLASSES[c] : null;
    }

    public static boolean clientAllocated(int code) {
        return (code & CLIENT) != 0;
    }
}
