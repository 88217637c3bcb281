package org.pgas4j.transport.hybrid;

import java.util.Arrays;
import org.pgas4j.ResourceException;
import org.pgas4j.spi.Transport;

/**
 * What a PE of a hybrid job publishes for a segment: how same-host peers reach it (the shm
 * transport's descriptor) and how peers on other hosts do (the ucx transport's), one after the
 * other, at most {@link Transport#MAX_DESCRIPTOR_BYTES} bytes:
 * <pre>
 *   0  'H'
 *   1  length of the shm part (1 byte, unsigned)
 *   2  the shm part, then the ucx part (to the end)
 * </pre>
 * Both parts are needed because every peer reads the same directory slot and takes the part that
 * matches where it runs.
 *
 * @param shm the shm transport's descriptor
 * @param ucx the ucx transport's descriptor
 */
record HybridDescriptor(byte[] shm, byte[] ucx) {
    private static final byte TYPE = 'H';
    private static final int HEADER = 2;

    /** The bytes to publish. */
    byte[] encode() {
        int length = HEADER + shm.length + ucx.length;
        if (length > Transport.MAX_DESCRIPTOR_BYTES || shm.length > 255) {
            throw new ResourceException("a hybrid segment descriptor would take " + length + " bytes (shm part "
                    + shm.length + ", ucx part " + ucx.length + "), more than " + Transport.MAX_DESCRIPTOR_BYTES);
        }
        byte[] d = new byte[length];
        d[0] = TYPE;
        d[1] = (byte) shm.length;
        System.arraycopy(shm, 0, d, HEADER, shm.length);
        System.arraycopy(ucx, 0, d, HEADER + shm.length, ucx.length);
        return d;
    }

    /**
     * Reads a descriptor PE {@code jobRank} published.
     *
     * @throws ResourceException if it is not a well-formed hybrid descriptor
     */
    static HybridDescriptor decode(byte[] d, int jobRank) {
        if (d.length < HEADER || d[0] != TYPE || HEADER + Byte.toUnsignedInt(d[1]) > d.length) {
            throw new ResourceException("PE " + jobRank + " published a segment descriptor that is not a hybrid one ("
                    + d.length + " bytes" + (d.length > 0 ? ", type " + d[0] : "") + ")");
        }
        int shmLength = Byte.toUnsignedInt(d[1]);
        return new HybridDescriptor(Arrays.copyOfRange(d, HEADER, HEADER + shmLength),
                Arrays.copyOfRange(d, HEADER + shmLength, d.length));
    }
}
