package org.pgas4j.internal.am;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;
import org.pgas4j.ActiveMessages;
import org.pgas4j.AmCategory;

/**
 * Layout of the header of an active message, which the core writes into the transport's message
 * buffer at the claim's offset (the transport adds its own record header in front and the
 * payload behind). Offsets are from the header's start, which is 8-byte aligned.
 *
 * <pre>
 *   0         1          2       3       4                 8                 12         16               24               32
 *   +---------+----------+-------+-------+-----------------+-----------------+----------+----------------+----------------+-----------------+
 *   | handler | category | nargs | flags | target endpoint | source endpoint | reserved | Long offset    | Long length    | args[nargs]     |
 *   | (u8)    | (u8)     | (u8)  | (u8)  | (int)           | (int)           | (0)      | (long)         | (long)         | (int each)      |
 *   +---------+----------+-------+-------+-----------------+-----------------+----------+----------------+----------------+-----------------+
 *   flags: bit 0 set for a reply; bit 1 set for a LONG message whose payload travels in the message
 *   (its target segment is reached only through the owner), which the receiver copies into place
 *   before running the handler. Long offset and length: where the payload of a LONG message was
 *   written (or is to be copied) in the target endpoint's bound segment (0 for SHORT and MEDIUM).
 * </pre>
 *
 * A header is {@code 32 + 4 * nargs} bytes: 32 to {@link #MAX_LENGTH} = 96.
 */
public final class AmHeader {
    /** Offset of the word packing handler, category, nargs and flags (little-endian bytes 0..3). */
    public static final int WORD = 0;
    /** Offset of the receiving endpoint's index. */
    public static final int TARGET_ENDPOINT = 4;
    /** Offset of the sending endpoint's index. */
    public static final int SOURCE_ENDPOINT = 8;
    /** Offset of the reserved word, always 0. */
    public static final int RESERVED = 12;
    /** Offset of a LONG message's payload offset in the target segment. */
    public static final int LONG_OFFSET = 16;
    /** Offset of a LONG message's payload length. */
    public static final int LONG_LENGTH = 24;
    /** Offset of the first argument. */
    public static final int ARGS = 32;
    /** The flag of a reply. */
    public static final int FLAG_REPLY = 1;
    /** The flag of a LONG message carrying its payload in the message. */
    public static final int FLAG_LONG_INLINE = 2;
    /** The largest header: {@link ActiveMessages#MAX_ARGS} arguments. */
    public static final int MAX_LENGTH = ARGS + 4 * ActiveMessages.MAX_ARGS;

    private AmHeader() {
    }

    /** The length of a header with {@code nargs} arguments. */
    public static int length(int nargs) {
        return ARGS + 4 * nargs;
    }

    /** The packed first word. */
    public static int word(int handler, AmCategory category, int nargs, boolean reply) {
        return word(handler, category, nargs, reply, false);
    }

    /** The packed first word, with {@link #FLAG_LONG_INLINE} when {@code longInline}. */
    public static int word(int handler, AmCategory category, int nargs, boolean reply, boolean longInline) {
        return handler | category.ordinal() << 8 | nargs << 16
                | ((reply ? FLAG_REPLY : 0) | (longInline ? FLAG_LONG_INLINE : 0)) << 24;
    }

    /** Writes everything but the arguments at {@code at}. */
    public static void write(MemorySegment b, long at, int word, int targetEndpoint, int sourceEndpoint, long longOffset,
                      long longLength) {
        b.set(JAVA_INT, at + WORD, word);
        b.set(JAVA_INT, at + TARGET_ENDPOINT, targetEndpoint);
        b.set(JAVA_INT, at + SOURCE_ENDPOINT, sourceEndpoint);
        b.set(JAVA_INT, at + RESERVED, 0);
        b.set(JAVA_LONG, at + LONG_OFFSET, longOffset);
        b.set(JAVA_LONG, at + LONG_LENGTH, longLength);
    }

    /** The handler index of a packed word. */
    public static int handler(int word) {
        return word & 0xff;
    }

    /** The category code of a packed word. */
    public static int category(int word) {
        return (word >>> 8) & 0xff;
    }

    /** The argument count of a packed word. */
    public static int nargs(int word) {
        return (word >>> 16) & 0xff;
    }

    /** The flags of a packed word. */
    public static int flags(int word) {
        return word >>> 24;
    }
}
