package org.pgas4j.transport.hybrid;

import org.pgas4j.bootstrap.Bootstrap;
import org.pgas4j.spi.Transport;
import org.pgas4j.spi.TransportProvider;
import org.pgas4j.transport.shm.ShmTransportProvider;
import org.pgas4j.transport.ucx.UcpLibrary;
import org.pgas4j.transport.ucx.UcxTransportProvider;

/**
 * Provides the {@code hybrid} transport: shared memory among the PEs of one host, UCX between
 * hosts. The default of jobs that span several hosts.
 */
public final class HybridTransportProvider implements TransportProvider {
    private final ShmTransportProvider shm = new ShmTransportProvider();

    /** Creates the provider (ServiceLoader needs a public no-argument constructor). */
    public HybridTransportProvider() {
    }

    @Override
    public String name() {
        return "hybrid";
    }

    @Override
    public String description() {
        return "shared memory among the PEs of one host, UCX to other hosts (the default across hosts)";
    }

    @Override
    public String unavailableReason() {
        String noShm = shm.unavailableReason();
        if (noShm != null) {
            return noShm;
        }
        String noUcx = UcpLibrary.unavailableReason();
        return noUcx == null ? null : "it needs UCX: " + noUcx;
    }

    @Override
    public Transport open(Bootstrap bootstrap, long controlBytes) {
        UcpLibrary.require();
        return HybridTransport.open(bootstrap, controlBytes, shm::open, UcxTransportProvider::openOver,
                UcxTransportProvider.controlRegionBytes(controlBytes));
    }
}
