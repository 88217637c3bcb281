package org.pgas4j.mpi;

import java.lang.foreign.ValueLayout;

/**
 * The facade's active messages and what they carry. Every request (a PUT, GET or message) is one
 * Medium {@link #REQUEST} from its origin to its target:
 *
 * <pre>
 *   args: kind | comm id | tag | sequence | epoch | request id | flags
 *   payload:
 *   +--------------------+--------------------+--------------------+--------------------+
 *   | target disp (long) | target count (long)| data bytes (long)  | origin offset(long)|
 *   +--------------------+--------------------+--------------------+--------------------+
 *   | target type map ({@link TypeMap#writeTo}), PUT and GET kinds only                      |
 *   +-------------------------------------------------------------------------------------+
 *   | the packed data, when flagged EAGER (PUT kinds and messages)                          |
 *   +-------------------------------------------------------------------------------------+
 * </pre>
 *
 * Otherwise ({@link #RENDEZVOUS}) the data lies at the origin offset of the origin's registered
 * segment, packed, or laid out as the origin datatype ({@link #ORIGIN_LAYOUT}), and the servicer
 * moves it with one RMA or one vector (VIS) RMA. The servicer answers with a Short
 * {@link #NOTICE} (serviced), a Medium {@link #GET_DATA} (an eager GET's data, which also says
 * serviced) or a Medium {@link #FAILED} (the request was refused; the payload is the reason).
 * The sequence number orders requests per (comm, origin, target); the epoch is the ordinal of the
 * collective servicing operation a PUTC or GETC belongs to.
 */
final class Wire {
    static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;

    // handler offsets from MpiSettings.AM_BASE
    static final int REQUEST = 0;
    static final int NOTICE = 1;
    static final int GET_DATA = 2;
    static final int FAILED = 3;
    static final int HANDLERS = 4;

    // request kinds
    static final int MESSAGE = 0;
    static final int PUT = 1;
    static final int PUTHOLD = 2;
    static final int PUTC = 3;
    static final int GET = 4;
    static final int GETHOLD = 5;
    static final int GETC = 6;

    // flags
    static final int EAGER = 1;
    static final int RENDEZVOUS = 2;
    static final int CHECKSUM = 4;
    /**
     * With {@link #RENDEZVOUS}: the data lies unpacked in the origin's registered memory, laid
     * out as the origin datatype, whose type map follows the target's (after the checksum, if any)
     * and whose item count is data bytes / its size; the servicer moves it with one VIS call.
     */
    static final int ORIGIN_LAYOUT = 8;

    /**
     * With {@link #EAGER}, a PUT-family request of primitives whose origin is contiguous: the
     * payload is only the target displacement ({@link #COMPACT_HEADER_BYTES}) and the data; the
     * target type is one primitive of the extent in the flags' bits from {@link #EXTENT_SHIFT}
     * (1 to 8 bytes), the target count is data bytes / extent, there is no origin offset.
     */
    static final int COMPACT = 16;
    static final int EXTENT_SHIFT = 8;
    static final int COMPACT_HEADER_BYTES = 8;

    static final int ARGS = 7;
    static final int HEADER_BYTES = 32;
    /** With {@link #CHECKSUM}: a long after the type map holding the CRC of the origin's packed data. */
    static final int CHECKSUM_BYTES = 8;

    private Wire() {
    }

    static boolean isPutKind(int kind) {
        return kind == PUT || kind == PUTHOLD || kind == PUTC;
    }

    static boolean isGetKind(int kind) {
        return kind == GET || kind == GETHOLD || kind == GETC;
    }

    static String name(int kind) {
        return switch (kind) {
            case MESSAGE -> "message";
            case PUT -> "PUT";
            case PUTHOLD -> "PUTHOLD";
            case PUTC -> "PUTC";
            case GET -> "GET";
            case GETHOLD -> "GETHOLD";
            case GETC -> "GETC";
            default -> "kind " + kind;
        };
    }

    /** The family whose outstanding count a servicing operation at the origin waits for. */
    static int family(int kind) {
        return switch (kind) {
            case PUT, PUTHOLD -> PUT;
            case GET, GETHOLD -> GET;
            default -> kind;
        };
    }
}
