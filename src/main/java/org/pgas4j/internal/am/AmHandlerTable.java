package org.pgas4j.internal.am;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.pgas4j.AmCategory;
import org.pgas4j.AmHandler;
import org.pgas4j.BadArgumentException;

/**
 * A client's active-message handlers by index (GASNet-EX's handler table): 256 entries, each
 * with the category it accepts. Indices below {@link ActiveMessages#FIRST_CLIENT_INDEX} belong to
 * pgas4j itself (the AM fallback of atomics, ...), the rest to the program, as GASNet-EX splits
 * them. Entries are written once and read by dispatch with acquire loads, so a handler
 * registered before a barrier is seen by every thread that polls after it.
 */
public final class AmHandlerTable {
    /** Entries in the table: indices are one byte on the wire. */
    public static final int SIZE = 256;

    private static final VarHandle ENTRY = MethodHandles.arrayElementVarHandle(Entry[].class);

    /** A registered handler and its category. */
    public record Entry(AmHandler handler, AmCategory category) {
    }

    private final Entry[] entries = new Entry[SIZE];

    /**
     * Registers {@code handler} for {@code category} at {@code index}.
     *
     * @throws BadArgumentException if the index is taken
     */
    public synchronized void register(int index, AmCategory category, AmHandler handler, int jobRank) {
        Entry old = entry(index);
        if (old != null) {
            throw new BadArgumentException("register on PE " + jobRank + ": handler index " + index
                    + " is already registered (for " + old.category() + "); an index is registered once per client");
        }
        // Release: the handler object is fully constructed before dispatch can see it.
        ENTRY.setRelease(entries, index, new Entry(handler, category));
    }

    /** The entry at {@code index}, or null when none is registered or the index is out of range. */
    public Entry entry(int index) {
        return index >= 0 && index < SIZE ? (Entry) ENTRY.getAcquire(entries, index) : null;
    }
}
