package org.pgas4j.transport.ucx;

import java.util.Map;

/**
 * Two UCP contexts and workers in one JVM playing two processes: an origin and a target. They
 * connect to each other by worker address; the target allocates a region and packs its key, the
 * origin unpacks it. Each worker progresses the other while it waits, as one thread drives both.
 */
final class UcxPair implements AutoCloseable {
    /** Loopback only: tcp restricted to the lo device (127.0.0.1). */
    static final Map<String, String> TCP = Map.of("TLS", "tcp", "NET_DEVICES", "lo");
    /** UCX's default transports, with any network transport restricted to lo. */
    static final Map<String, String> DEFAULT = Map.of("NET_DEVICES", "lo");

    final UcpContext originContext;
    final UcpContext targetContext;
    final UcpWorker origin;
    final UcpWorker target;
    final UcpEndpoint toTarget;
    final UcpEndpoint toOrigin;
    final UcpMemory targetMemory;
    final UcpRemoteKey rkey;

    UcxPair(Map<String, String> settings, long regionBytes) {
        long features = UcpParams.FEATURE_RMA | UcpParams.FEATURE_AMO32 | UcpParams.FEATURE_AMO64;
        originContext = UcpContext.create(features, settings);
        targetContext = UcpContext.create(features, settings);
        origin = originContext.createWorker();
        target = targetContext.createWorker();
        origin.whileWaiting(target::progress);
        target.whileWaiting(origin::progress);
        toTarget = origin.connect(target.address(), false);
        toOrigin = target.connect(origin.address(), false);
        targetMemory = targetContext.allocate(regionBytes);
        rkey = toTarget.unpack(targetMemory.packedKey());
    }

    /** The target's address of byte {@code offset} of its region. */
    long remote(long offset) {
        return targetMemory.address() + offset;
    }

    /** Closes both endpoints together, progressing both workers, then everything else. */
    @Override
    public void close() {
        rkey.close();
        long a = toTarget.closeNbx(false);
        long b = toOrigin.closeNbx(false);
        int sa = UcsStatus.IN_PROGRESS;
        int sb = UcsStatus.IN_PROGRESS;
        while (sa == UcsStatus.IN_PROGRESS || sb == UcsStatus.IN_PROGRESS) {
            origin.progress();
            target.progress();
            if (sa == UcsStatus.IN_PROGRESS) {
                sa = origin.poll(a);
            }
            if (sb == UcsStatus.IN_PROGRESS) {
                sb = target.poll(b);
            }
        }
        toTarget.releaseAfterClose();
        toOrigin.releaseAfterClose();
        targetMemory.close();
        origin.close();
        target.close();
        originContext.close();
        targetContext.close();
        checkClosed("origin endpoint", sa);
        checkClosed("target endpoint", sb);
    }

    private static void checkClosed(String what, int status) {
        if (status != UcsStatus.OK && status != UcsStatus.ERR_CONNECTION_RESET) {
            throw new UcxException("ucp_ep_close_nbx (" + what + ")", status);
        }
    }
}
