package org.pgas4j.bootstrap;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * The wire format between a PE's {@link SocketBootstrap} and the launcher's rendezvous server, over
 * one loopback TCP connection per PE.
 *
 * <p>Every message is a frame:
 * <pre>
 *   0        4      5
 *   +--------+------+-------------------------+
 *   | length | type | payload (length-1 bytes) |   length: int, big-endian, counts type + payload
 *   +--------+------+-------------------------+
 * </pre>
 *
 * <p>The conversation:
 * <ol>
 *   <li>launcher &rarr; PE {@link #CHALLENGE}: magic, version, a fresh 32-byte launcher nonce.</li>
 *   <li>PE &rarr; launcher {@link #HELLO}: magic, version, rank, pid, a fresh PE nonce, and
 *       HMAC-SHA256(secret, "hello", launcher nonce, rank, pid, PE nonce). The secret itself never
 *       travels.</li>
 *   <li>launcher &rarr; PE {@link #WELCOME} (size, HMAC-SHA256(secret, "welcome", PE nonce, rank):
 *       the launcher proves it knows the secret too) or {@link #REFUSE} (a reason) and close.</li>
 *   <li>PE &rarr; launcher {@link #CONTRIBUTE} (sequence number, kind, bytes) for each collective;
 *       launcher &rarr; every PE {@link #RESULT} (sequence number, every PE's bytes by rank) once all
 *       have contributed.</li>
 *   <li>with statistics on, PE &rarr; launcher {@link #STATS} (the PE's counters), unanswered;</li>
 *   <li>PE &rarr; launcher {@link #FINALIZE}, answered by {@link #FINALIZED}; launcher &rarr; PE
 *       {@link #ABORT} (a reason) at any time when the job fails;</li>
 *   <li>PE &rarr; launcher {@link #EXIT} (a status, the call): the program ends the whole job.</li>
 *   <li>after {@link #FINALIZED}, the connection stays open: PE &rarr; launcher {@link #REJOIN} when
 *       the program initialises again (OpenSHMEM's repeated init/finalize pairs), answered by
 *       {@link #REJOINED} (the PE takes part again, with the same rank, and its collectives count
 *       from 0 anew) or {@link #REFUSE} (a reason; the connection stays open and the launcher fails
 *       the job). Then the conversation goes on from step 4.</li>
 * </ol>
 */
public final class RendezvousProtocol {
    /** First word of {@link #CHALLENGE} and {@link #HELLO}: ASCII "PG4J". */
    public static final int MAGIC = 0x5047344A;
    /** The protocol version both sides must speak (2: {@link #REJOIN} and {@link #REJOINED}). */
    public static final int VERSION = 2;
    /** Bytes of each nonce. */
    public static final int NONCE_BYTES = 32;
    /** Bytes of each HMAC-SHA256 tag. */
    public static final int MAC_BYTES = 32;
    /** Largest frame accepted before a peer is authenticated. */
    public static final int MAX_HANDSHAKE_FRAME = 1024;
    /** Largest frame accepted from an authenticated peer. */
    public static final int MAX_FRAME = 1 << 30;

    /** Launcher to PE: magic, version, launcher nonce. */
    public static final byte CHALLENGE = 1;
    /** PE to launcher: magic, version, rank, pid, PE nonce, tag. */
    public static final byte HELLO = 2;
    /** Launcher to PE: job size, tag. */
    public static final byte WELCOME = 3;
    /** Launcher to PE: UTF-8 reason; the launcher closes the connection after it. */
    public static final byte REFUSE = 4;
    /** PE to launcher: int sequence, byte kind, contribution bytes. */
    public static final byte CONTRIBUTE = 5;
    /** Launcher to PE: int sequence, int count, then count times (int length, bytes). */
    public static final byte RESULT = 6;
    /** PE to launcher: this PE is done with the job (empty payload). */
    public static final byte FINALIZE = 7;
    /** Launcher to PE: the finalization is recorded (empty payload). */
    public static final byte FINALIZED = 8;
    /** Launcher to PE: UTF-8 reason; the job failed and this PE must stop. */
    public static final byte ABORT = 9;

    /** PE to launcher: the PE's encoded statistics counters, sent before {@link #FINALIZE} (no answer). */
    public static final byte STATS = 10;

    /**
     * PE to launcher: the program ends the whole job ({@code gasnet_exit}, {@code shmem_global_exit}):
     * int status, then a UTF-8 description of the call. The launcher aborts every other PE and
     * exits with that status (no answer).
     */
    public static final byte EXIT = 11;

    /**
     * PE to launcher, after {@link #FINALIZED}: the program initialises again and this PE asks to take
     * part in the job once more, with the same rank (empty payload).
     */
    public static final byte REJOIN = 12;

    /**
     * Launcher to PE: the {@link #REJOIN} is accepted: int, how many times this PE has now joined the
     * job (2 for its second init). Collectives count from sequence 0 again.
     */
    public static final byte REJOINED = 13;

    /** Collective kind of a {@link #CONTRIBUTE}: allgather. */
    public static final byte KIND_ALLGATHER = 0;
    /** Collective kind of a {@link #CONTRIBUTE}: barrier (empty contribution). */
    public static final byte KIND_BARRIER = 1;

    private static final byte[] HELLO_LABEL = "pgas4j-hello".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] WELCOME_LABEL = "pgas4j-welcome".getBytes(StandardCharsets.US_ASCII);

    private RendezvousProtocol() {
    }

    /**
     * One received frame.
     *
     * @param type the frame type, one of the constants of this class
     * @param payload the bytes after the type
     */
    public record Frame(byte type, byte[] payload) {
        /** The payload as a big-endian buffer, for parsing. */
        public ByteBuffer buffer() {
            return ByteBuffer.wrap(payload);
        }

        /** The payload as UTF-8 text (for {@link #REFUSE} and {@link #ABORT}). */
        public String text() {
            return new String(payload, StandardCharsets.UTF_8);
        }
    }

    /**
     * Writes one frame and flushes. Not thread-safe: callers that share {@code out} synchronize.
     *
     * @throws IOException when the connection is broken
     */
    public static void write(DataOutputStream out, byte type, byte[] payload) throws IOException {
        out.writeInt(1 + payload.length);
        out.writeByte(type);
        out.write(payload);
        out.flush();
    }

    /**
     * Reads one frame.
     *
     * @param maxLength the largest length word accepted
     * @throws EOFException when the peer closed the connection before a frame began
     * @throws IOException when the connection broke or the length word is out of bounds
     */
    public static Frame read(DataInputStream in, int maxLength) throws IOException {
        int length = in.readInt();
        if (length < 1 || length > maxLength) {
            throw new IOException("malformed frame: length " + length + " outside [1, " + maxLength + "]");
        }
        byte type = in.readByte();
        byte[] payload = new byte[length - 1];
        in.readFully(payload);
        return new Frame(type, payload);
    }

    /** UTF-8 bytes of a reason, for {@link #REFUSE} and {@link #ABORT}. */
    public static byte[] text(String reason) {
        return reason.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The HMAC key of a job secret.
     *
     * @throws IllegalArgumentException when {@code secretHex} is not 32 hexadecimal digits
     */
    public static byte[] secretKey(String secretHex) {
        if (secretHex == null || secretHex.length() != 32) {
            throw new IllegalArgumentException("the job secret must be 32 hexadecimal digits");
        }
        return HexFormat.of().parseHex(secretHex);
    }

    /** A fresh random nonce ({@link Entropy}). */
    public static byte[] nonce() {
        return Entropy.bytes(NONCE_BYTES);
    }

    /** The tag a PE presents in {@link #HELLO}. */
    public static byte[] helloTag(byte[] key, byte[] launcherNonce, int rank, long pid, byte[] peNonce) {
        ByteBuffer b = ByteBuffer.allocate(HELLO_LABEL.length + NONCE_BYTES + 4 + 8 + NONCE_BYTES);
        b.put(HELLO_LABEL).put(launcherNonce).putInt(rank).putLong(pid).put(peNonce);
        return hmac(key, b.array());
    }

    /** The tag the launcher presents in {@link #WELCOME}. */
    public static byte[] welcomeTag(byte[] key, byte[] peNonce, int rank) {
        ByteBuffer b = ByteBuffer.allocate(WELCOME_LABEL.length + NONCE_BYTES + 4);
        b.put(WELCOME_LABEL).put(peNonce).putInt(rank);
        return hmac(key, b.array());
    }

    private static byte[] hmac(byte[] key, byte[] data) {
        return HmacSha256.tag(key, data);
    }
}
