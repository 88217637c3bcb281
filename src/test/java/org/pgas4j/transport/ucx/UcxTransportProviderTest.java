package org.pgas4j.transport.ucx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.pgas4j.spi.TransportProvider;

/** The {@code ucx} provider is found through ServiceLoader and reports the binding's availability. */
class UcxTransportProviderTest {

    @Test
    void theProviderIsRegisteredAndReportsTheBindingsReason() {
        TransportProvider ucx = ServiceLoader.load(TransportProvider.class).stream().map(ServiceLoader.Provider::get)
                .filter(p -> p.name().equals("ucx")).findFirst().orElseThrow();
        assertEquals(UcxTransportProvider.class, ucx.getClass());
        assertEquals(UcpLibrary.unavailableReason(), ucx.unavailableReason());
        assertTrue(ucx.description().contains("UCX_TLS"), ucx.description());
        assertTrue(ucx.description().contains("UCX_TCP_TX_SEG_SIZE=64k and UCX_TCP_RX_SEG_SIZE=128k"), ucx.description());
    }

    @Test
    void descriptorsRoundTripInlineAndStored() {
        byte[] key = new byte[UcxDescriptor.INLINE_KEY_BYTES];
        key[0] = 7;
        UcxDescriptor inline = UcxDescriptor.decode(UcxDescriptor.inline(0x1000, 4096, key).encode(), 1);
        assertEquals(0x1000, inline.base());
        assertEquals(4096, inline.length());
        assertEquals(7, inline.inlineKey()[0]);
        byte[] stored = UcxDescriptor.stored(0x2000, 8192, 300, 65536, 42).encode();
        assertTrue(stored.length <= org.pgas4j.spi.Transport.MAX_DESCRIPTOR_BYTES);
        UcxDescriptor d = UcxDescriptor.decode(stored, 1);
        assertEquals(300, d.keyLength());
        assertEquals(65536, d.keyOffset());
        assertEquals(42, d.tag());
        assertEquals(UcxDescriptor.inline(0, 1, key).encode().length, org.pgas4j.spi.Transport.MAX_DESCRIPTOR_BYTES);
    }
}
