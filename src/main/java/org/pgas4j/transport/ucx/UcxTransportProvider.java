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
                + " API); UCX_TLS, UCX_NET_DEVICES and other UCX_* settings pass through; where unset, pgas4j"
                + " chooses " + UcxDefaults.describe();
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

    /**
     * Opens the ucx transport beside another one, over a control region that transport created
     * (the hybrid transport's use: peers on this host map the region, peers elsewhere reach it
     * through UCX). Collective over the job, like {@link #open}. Every segment's remote key is
     * stored in the key area, so that descriptors stay short (36 bytes) and fit beside the other
     * transport's.
     *
     * @param bootstrap the PE's start-up channel
     * @param controlBytes the control region the core asked for
     * @param controlMemory native, zero-filled, at least {@link #controlRegionBytes(long)} bytes,
     *        outliving the returned transport
     * @param reach indexed by job rank: the PEs the transport connects to (the others, which the
     *        other transport serves, get no UCX endpoint; their control regions, memory and
     *        messages must not be asked of it)
     * @return the transport; its {@link Transport#localControl()} is the first {@code controlBytes}
     *         of {@code controlMemory}
     */
    public static Transport openOver(Bootstrap bootstrap, long controlBytes, java.lang.foreign.MemorySegment controlMemory,
                                     boolean[] reach) {
        UcpLibrary.require();
        return UcxTransport.open(bootstrap, controlBytes, controlMemory, true, reach);
    }

    /**
     * How many bytes a control region given to {@link #openOver} needs: the core's
     * {@code controlBytes}, rounded up to a page, then the key area.
     *
     * @param controlBytes the control region the core asked for
     * @return the bytes to provide
     */
    public static long controlRegionBytes(long controlBytes) {
        return UcxTransport.controlRegionBytes(controlBytes);
    }

    /** Whether {@link #STORE_ALL_KEYS} is set to true. */
    static boolean storeAllKeys() {
        return Boolean.getBoolean(STORE_ALL_KEYS);
    }
}
