package org.pgas4j.launcher;

import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.ByteBuffer;
import org.pgas4j.bootstrap.RendezvousProtocol;

/**
 * One authenticated rendezvous connection, as the job's event thread sees it: it can welcome or
 * refuse the PE, send results and aborts. Sends are serialised; a failed send is ignored (the
 * PE's exit is reported through its process instead).
 */
final class PeConnection {
    private final Socket socket;
    private final DataOutputStream out;
    private final byte[] key;
    private final byte[] peNonce;
    /** The rank this connection joined as, or -1 before (and without) a welcome. */
    volatile int rank = -1;

    PeConnection(Socket socket, DataOutputStream out, byte[] key, byte[] peNonce) {
        this.socket = socket;
        this.out = out;
        this.key = key;
        this.peNonce = peNonce;
    }

    /** Lets the PE join as {@code joinedRank} of a job of {@code size} PEs. */
    void welcome(int joinedRank, int size) {
        rank = joinedRank;
        ByteBuffer b = ByteBuffer.allocate(4 + RendezvousProtocol.MAC_BYTES);
        b.putInt(size).put(RendezvousProtocol.welcomeTag(key, peNonce, joinedRank));
        send(RendezvousProtocol.WELCOME, b.array());
    }

    /** Lets the PE, which finalized, take part again as its init number {@code init} (2 for its second). */
    void rejoined(int init) {
        send(RendezvousProtocol.REJOINED, ByteBuffer.allocate(4).putInt(init).array());
    }

    /**
     * Tells a finalized PE why it may not initialise again; the connection stays open (the job is
     * failed next, and the teardown ends the PE).
     */
    void refuseRejoin(String reason) {
        send(RendezvousProtocol.REFUSE, RendezvousProtocol.text(reason));
    }

    /** Tells the PE why it may not join, and hangs up. */
    void refuse(String reason) {
        send(RendezvousProtocol.REFUSE, RendezvousProtocol.text(reason));
        close();
    }

    /** Sends one frame; returns false when the connection is broken. */
    synchronized boolean send(byte type, byte[] payload) {
        try {
            RendezvousProtocol.write(out, type, payload);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Closes the connection; the reading thread then ends. */
    void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // Already closed.
        }
    }
}
