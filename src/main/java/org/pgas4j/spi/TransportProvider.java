package org.pgas4j.spi;

import org.pgas4j.bootstrap.Bootstrap;

/**
 * Creates transports of one kind. Found through {@link java.util.ServiceLoader}, so the core
 * never names a transport class: a new transport is a new provider on the class path.
 */
public interface TransportProvider {

    /** The name users select the transport by ({@code shm}, {@code local}, ...). */
    String name();

    /** One line describing the transport, for {@code bin/pgas4j info}. */
    String description();

    /** Null when the transport can run on this host, else why it cannot (naming what is missing). */
    String unavailableReason();

    /**
     * Opens this PE's side of the transport. Called once per client, after the bootstrap is up;
     * may use the bootstrap's collectives (every PE opens the same transport).
     *
     * @param bootstrap the PE's start-up channel
     * @param controlBytes the size of the control region the transport must create (see
     *        {@link Transport#localControl()})
     */
    Transport open(Bootstrap bootstrap, long controlBytes);
}
