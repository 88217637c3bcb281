package org.pgas4j.transport.ucx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.pgas4j.testing.SystemComponent;
import org.pgas4j.testing.Needs;

/** Loading UCX: a missing library is a clear reason, not an exception; a present one loads. */
class UcpLibraryTest {
    @Test
    void aMissingLibraryIsReportedByName() {
        UcpLibrary.Loaded loaded = UcpLibrary.load("libpgas4j-no-such-ucs.so.0", "libucp.so.0");
        assertNull(loaded.ucp());
        assertTrue(loaded.problem().startsWith("UCX is not installed: libpgas4j-no-such-ucs.so.0 could not be loaded"),
                loaded.problem());
        assertTrue(loaded.problem().contains("apt-get install libucx0"), loaded.problem());
    }

    @Test
    @Needs(SystemComponent.UCX)
    void theInstalledLibraryLoads() {
        assertNull(UcpLibrary.load("libucs.so.0", "libucp.so.0").problem());
        assertEquals("Invalid parameter", UcsStatus.describe(-5));
        assertEquals("Success", UcsStatus.describe(UcsStatus.OK));
    }

    @Test
    void statusPointersDecode() {
        assertTrue(UcsStatus.isError(-1L));
        assertTrue(UcsStatus.isError(-100L));
        assertTrue(!UcsStatus.isError(-101L) && !UcsStatus.isError(0L) && !UcsStatus.isError(0x7f00_1234_5000L));
        assertEquals(0L, UcsStatus.request("x", 0L));
        UcxException e = org.junit.jupiter.api.Assertions.assertThrows(UcxException.class,
                () -> UcsStatus.request("ucp_put_nbx", -25L));
        assertEquals("ucp_put_nbx", e.call());
        assertEquals(-25, e.status());
    }
}
