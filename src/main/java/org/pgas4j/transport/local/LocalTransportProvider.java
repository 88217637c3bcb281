package org.pgas4j.transport.local;

import org.pgas4j.bootstrap.Bootstrap;
import org.pgas4j.spi.Transport;
import org.pgas4j.spi.TransportProvider;

/** Provides the {@code local} transport: PEs as threads of one JVM (see {@link LocalJob}). */
public final class LocalTransportProvider implements TransportProvider {

    /** Creates the provider (ServiceLoader needs a public no-argument constructor). */
    public LocalTransportProvider() {
    }

    @Override
    public String name() {
        return "local";
    }

    @Override
    public String description() {
        return "threads of one JVM (LocalJob, bin/pgas4j run --transport local): for tests, embedding and IDEs";
    }

    @Override
    public String unavailableReason() {
        return null;
    }

    @Override
    public Transport open(Bootstrap bootstrap, long controlBytes) {
        if (bootstrap instanceof LocalBootstrap local) {
            return new LocalTransport(local.fabric(), local.rank(), controlBytes);
        }
        if (bootstrap.size() == 1) {
            return new LocalTransport(new LocalFabric(1), 0, controlBytes);
        }
        throw new IllegalStateException("the local transport runs PEs as threads of one JVM: start them with "
                + "LocalJob.run or bin/pgas4j run --transport local, not as " + bootstrap.size() + " processes");
    }
}
