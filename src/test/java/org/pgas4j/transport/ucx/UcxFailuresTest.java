package org.pgas4j.transport.ucx;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.JobAbortedException;

/** {@link UcxFailures}: which statuses mean a lost peer, and what the core is given for them. */
@Timeout(30)
class UcxFailuresTest {
    @Test
    void lostPeerStatusesBecomeAFailingJob() {
        for (int status : new int[] {UcsStatus.ERR_CONNECTION_RESET, UcsStatus.ERR_ENDPOINT_TIMEOUT,
                UcsStatus.ERR_UNREACHABLE, UcsStatus.ERR_CANCELED, UcxFailures.ERR_NOT_CONNECTED}) {
            UcxException e = new UcxException("ucp_put_nbx", status);
            assertTrue(UcxFailures.peerLost(e), "status " + status);
            RuntimeException c = UcxFailures.forCore(e, 3, "PE 5");
            assertInstanceOf(JobAbortedException.class, c);
            assertTrue(c.getMessage().contains("PE 3") && c.getMessage().contains("PE 5")
                    && c.getMessage().contains("ucp_put_nbx"), c.getMessage());
            assertSame(e, c.getCause());
        }
    }

    @Test
    void otherFailuresStayAsTheyAre() {
        UcxException e = new UcxException("ucp_get_nbx", -3); // UCS_ERR_IO_ERROR
        assertFalse(UcxFailures.peerLost(e));
        assertSame(e, UcxFailures.forCore(e, 0, "a peer"));
        IllegalStateException other = new IllegalStateException("not UCX");
        assertSame(other, UcxFailures.forCore(other, 0, "a peer"));
    }
}
