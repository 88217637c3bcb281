package org.pgas4j.launcher;

import java.nio.ByteBuffer;
import org.pgas4j.bootstrap.RendezvousProtocol;

/**
 * One collective in progress: which init of the PEs it belongs to, which kind, and what each PE has
 * contributed so far.
 */
final class CollectiveRound {
    /** The PEs' init it belongs to: 1 for the collectives after their first init, 2 after the second. */
    final int init;
    final int sequence;
    final byte kind;
    private final byte[][] contributions;
    private int count;

    CollectiveRound(int init, int sequence, byte kind, int size) {
        this.init = init;
        this.sequence = sequence;
        this.kind = kind;
        this.contributions = new byte[size][];
    }

    /** The collective's name for messages. */
    static String name(byte kind) {
        return kind == RendezvousProtocol.KIND_BARRIER ? "barrier" : "allgather";
    }

    /** {@code barrier #3}, and after the PEs' first init {@code barrier #3 of init #2}. */
    String name() {
        return name(kind) + " #" + sequence + (init > 1 ? " of init #" + init : "");
    }

    boolean hasContributed(int rank) {
        return contributions[rank] != null;
    }

    /** Records {@code rank}'s bytes; returns true when every PE has contributed. */
    boolean add(int rank, byte[] data) {
        contributions[rank] = data;
        return ++count == contributions.length;
    }

    /** The {@link RendezvousProtocol#RESULT} payload: every contribution by rank. */
    byte[] resultPayload() {
        int bytes = 8;
        for (byte[] c : contributions) {
            bytes += 4 + c.length;
        }
        ByteBuffer b = ByteBuffer.allocate(bytes);
        b.putInt(sequence).putInt(contributions.length);
        for (byte[] c : contributions) {
            b.putInt(c.length).put(c);
        }
        return b.array();
    }

    /** The ranks that have not contributed, as text like {@code 1, 3}. */
    String missing() {
        StringBuilder s = new StringBuilder();
        for (int r = 0; r < contributions.length; r++) {
            if (contributions[r] == null) {
                s.append(s.isEmpty() ? "" : ", ").append(r);
            }
        }
        return s.toString();
    }
}
