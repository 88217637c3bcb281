package org.pgas4j.transport.ucx;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.pgas4j.ResourceException;
import org.pgas4j.spi.Transport;

/**
 * What a PE publishes for a segment it registered with UCX, at most
 * {@link Transport#MAX_DESCRIPTOR_BYTES} bytes, little-endian:
 * <pre>
 *   0  'U'
 *   1  form: 'I' the packed remote key follows inline, 'K' it is in the owner's key area
 *   2  base address (8 bytes: the owner's virtual address of byte 0)
 *  10  length (8)
 *  18  key length (2, unsigned)
 *  20  'I': the key bytes
 *      'K': the key's offset in the owner's control region (8), then its tag (8)
 * </pre>
 * A packed rkey of up to {@link #INLINE_KEY_BYTES} bytes travels inline; a longer one (UCX's keys
 * grow with the transports that can reach the memory: shared-memory keys carry segment ids) is
 * stored in the owner's key area ({@link UcxKeyStore}), preceded by the tag, and a peer fetches it
 * with a UCX get under the control region's key, which every PE received at open; the tag,
 * unique per stored key, detects a descriptor that outlived its key.
 *
 * @param base the owner's virtual address of byte 0
 * @param length bytes
 * @param keyLength bytes of packed key
 * @param inlineKey the key when inline, else null
 * @param keyOffset where the tagged key lies in the owner's control region (when not inline)
 * @param tag the tag stored before the key (when not inline)
 */
record UcxDescriptor(long base, long length, int keyLength, byte[] inlineKey, long keyOffset, long tag) {
    /** The first byte of every UCX descriptor. */
    static final byte TYPE = 'U';
    private static final byte INLINE = 'I';
    private static final byte KEY_AREA = 'K';
    private static final int FIXED = 20;
    /** The longest key that travels inline. */
    static final int INLINE_KEY_BYTES = Transport.MAX_DESCRIPTOR_BYTES - FIXED;

    /** A descriptor carrying {@code key} inline. */
    static UcxDescriptor inline(long base, long length, byte[] key) {
        return new UcxDescriptor(base, length, key.length, key.clone(), 0, 0);
    }

    /** A descriptor pointing to a key stored in the owner's key area. */
    static UcxDescriptor stored(long base, long length, int keyLength, long keyOffset, long tag) {
        return new UcxDescriptor(base, length, keyLength, null, keyOffset, tag);
    }

    /** The bytes to publish. */
    byte[] encode() {
        ByteBuffer b = ByteBuffer.allocate(FIXED + (inlineKey != null ? inlineKey.length : 16))
                .order(ByteOrder.LITTLE_ENDIAN);
        b.put(TYPE).put(inlineKey != null ? INLINE : KEY_AREA).putLong(base).putLong(length).putShort((short) keyLength);
        if (inlineKey != null) {
            b.put(inlineKey);
        } else {
            b.putLong(keyOffset).putLong(tag);
        }
        return b.array();
    }

    /**
     * Reads what PE {@code owner} published.
     *
     * @throws ResourceException when the bytes are not a UCX descriptor
     */
    static UcxDescriptor decode(byte[] d, int owner) {
        if (d.length < FIXED || d[0] != TYPE || (d[1] != INLINE && d[1] != KEY_AREA)) {
            throw new ResourceException("PE " + owner + " published a segment descriptor that is not the ucx transport's ("
                    + d.length + " bytes)");
        }
        ByteBuffer b = ByteBuffer.wrap(d, 2, d.length - 2).order(ByteOrder.LITTLE_ENDIAN);
        long base = b.getLong();
        long length = b.getLong();
        int keyLength = Short.toUnsignedInt(b.getShort());
        if (d[1] == INLINE) {
            if (d.length != FIXED + keyLength) {
                throw new ResourceException("PE " + owner + " published a ucx descriptor of " + d.length
                        + " bytes for an inline key of " + keyLength);
            }
            byte[] key = new byte[keyLength];
            b.get(key);
            return new UcxDescriptor(base, length, keyLength, key, 0, 0);
        }
        if (d.length != FIXED + 16) {
            throw new ResourceException("PE " + owner + " published a ucx descriptor of " + d.length
                    + " bytes for a stored key");
        }
        return new UcxDescriptor(base, length, keyLength, null, b.getLong(), b.getLong());
    }
}
