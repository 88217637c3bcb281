package org.pgas4j.transport.ucx;

import org.pgas4j.bootstrap.Bootstrap;
import org.pgas4j.spi.Transport;
import org.pgas4j.spi.TransportProvider;

/**
 * Provides the {@code ucx} transport: PEs on this or other hosts over UCX ({@code libucp.so.0}),
 * with whatever UCX transports its environment selects ({@code UCX_TLS}, {@code UCX_NET_DEVICES}, ...).
 */
public final class UcxTransportProvider implements TransportProvider {
    /**
     * The system property that makes every segment's remote key go through the owner's key area
     * even when it would fit a descriptor (to exercise that path).
     */
    public static final String STORE_ALL_KEYS = "pgas4j.ucx.store.keys";

    /** Creates the provider (ServiceLoader needs a public no-argument constructor). */
    public UcxTransportProvider() {
    }

    @Override
    public String name() {
        return "ucx";
    }

    @Override
    public String description() {
        return "processes on this or other hosts over UCX (libucp " + UcpContext.API_MAJOR + "." + UcpContext.API_MINOR
                + " API); UCX_TLS, UCX_NET_DEVICES and other UCX_* settings pass through";
    }

    @Override
    public String unavailableReason() {
        return UcpLibrary.unavailableReason();
    }

    @Override
    public Transport open(Bootstrap bootstrap, long controlBytes) {
        UcpLibrary.require();
        return UcxTransport.open(bootstrap, controlBytes);
    }

    /** Whether {@link #STORE_ALL_KEYS} is set to true. */
    static boolean storeAllKeys() {
        return Boolean.getBoolean(STORE_ALL_KEYS);
    }
}
