package org.pgas4j.transport.shm;

import org.pgas4j.bootstrap.ShmFiles;
import org.pgas4j.bootstrap.Bootstrap;
import org.pgas4j.spi.Transport;
import org.pgas4j.spi.TransportProvider;

/** Provides the {@code shm} transport: processes on one host over shared files. */
public final class ShmTransportProvider implements TransportProvider {

    /** Creates the provider (ServiceLoader needs a public no-argument constructor). */
    public ShmTransportProvider() {
    }

    @Override
    public String name() {
        return "shm";
    }

    @Override
    public String description() {
        return "processes on this host; segments in shared files under " + ShmFiles.directory()
                + ", mapped by every PE";
    }

    @Override
    public String unavailableReason() {
        return ShmFiles.available() ? null : ShmFiles.directory() + " is missing or not writable";
    }

    @Override
    public Transport open(Bootstrap bootstrap, long controlBytes) {
        return new ShmTransport(bootstrap, controlBytes);
    }
}
