/**
 * The {@code hybrid} transport: shared memory among the PEs of one host and UCX to the PEs of
 * other hosts, chosen per peer at start-up (GASNet's PSHM-plus-conduit model).
 */
package org.pgas4j.transport.hybrid;
