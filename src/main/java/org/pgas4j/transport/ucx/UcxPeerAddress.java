package org.pgas4j.transport.ucx;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.pgas4j.ResourceException;

/**
 * What each PE contributes to the bootstrap allgather when it opens the ucx transport: its host's
 * name (to tell which peers share the host), its worker address, and where its control region
 * is with the region's packed remote key. Encoded little-endian with length-prefixed byte strings.
 *
 * @param host the host name
 * @param worker the packed UCP worker address
 * @param controlBase the virtual address of the registered control region
 * @param controlLength its length, key area included
 * @param controlKey its packed remote key
 */
record UcxPeerAddress(String host, byte[] worker, long controlBase, long controlLength, byte[] controlKey) {

    /** The bytes to contribute. */
    byte[] encode() {
        byte[] h = host.getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(12 + h.length + worker.length + 16 + controlKey.length)
                .order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(h.length).put(h).putInt(worker.length).put(worker).putLong(controlBase).putLong(controlLength)
                .putInt(controlKey.length).put(controlKey);
        return b.array();
    }

    /**
     * Reads PE {@code rank}'s contribution.
     *
     * @throws ResourceException when it is malformed (PEs of different versions, or not the ucx transport)
     */
    static UcxPeerAddress decode(byte[] bytes, int rank) {
        try {
            ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            String host = new String(bytes(b), StandardCharsets.UTF_8);
            byte[] worker = bytes(b);
            long base = b.getLong();
            long length = b.getLong();
            byte[] key = bytes(b);
            if (b.hasRemaining()) {
                throw new IllegalArgumentException("trailing bytes");
            }
            return new UcxPeerAddress(host, worker, base, length, key);
        } catch (BufferUnderflowException | IllegalArgumentException | NegativeArraySizeException e) {
            throw new ResourceException("PE " + rank + " sent a malformed ucx address (" + bytes.length + " bytes): "
                    + e);
        }
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] a = new byte[b.getInt()];
        b.get(a);
        return a;
    }
}
