package org.pgas4j.transport.hybrid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.pgas4j.ResourceException;
import org.pgas4j.spi.Transport;

/** The hybrid descriptor: both parts, the size limit, and refusals of malformed input. */
class HybridDescriptorTest {
    private static final byte[] SHM = "Fpgas4j-0123456789abcdef-99999-s1234567".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] UCX = new byte[36];

    static {
        for (int i = 0; i < UCX.length; i++) {
            UCX[i] = (byte) (200 - i);
        }
    }

    @Test
    void bothPartsSurviveTheRoundTrip() {
        byte[] d = new HybridDescriptor(SHM, UCX).encode();
        assertTrue(d.length <= Transport.MAX_DESCRIPTOR_BYTES, d.length + " bytes");
        HybridDescriptor back = HybridDescriptor.decode(d, 3);
        assertArrayEquals(SHM, back.shm());
        assertArrayEquals(UCX, back.ucx());
    }

    @Test
    void anEmptyShmPartLeavesOnlyTheUcxOne() {
        HybridDescriptor back = HybridDescriptor.decode(new HybridDescriptor(new byte[0], UCX).encode(), 1);
        assertEquals(0, back.shm().length);
        assertArrayEquals(UCX, back.ucx());
    }

    @Test
    void aDescriptorTooLongIsRefusedNamingBothParts() {
        ResourceException e = assertThrows(ResourceException.class,
                () -> new HybridDescriptor(new byte[40], new byte[40]).encode());
        assertTrue(e.getMessage().contains("82 bytes") && e.getMessage().contains("shm part 40")
                && e.getMessage().contains("ucx part 40"), e.getMessage());
    }

    @Test
    void anotherTransportsDescriptorIsRefusedNamingThePe() {
        ResourceException e = assertThrows(ResourceException.class, () -> HybridDescriptor.decode(SHM, 7));
        assertTrue(e.getMessage().contains("PE 7") && e.getMessage().contains("not a hybrid one"), e.getMessage());
        assertThrows(ResourceException.class, () -> HybridDescriptor.decode(new byte[0], 7));
    }

    @Test
    void aShmLengthPastTheEndIsRefused() {
        byte[] d = new HybridDescriptor(SHM, UCX).encode();
        d[1] = (byte) 250;
        assertThrows(ResourceException.class, () -> HybridDescriptor.decode(d, 2));
    }
}
