/**
 * pgas4j: a partitioned-global-address-space runtime for Java.
 *
 * <p>Exported, what programs are written against:
 * <ul>
 *   <li>{@code org.pgas4j}: the core, shaped like GASNet-EX (clients, endpoints, segments, memory
 *       kinds, teams, RMA, active messages, atomics, collectives, VIS);</li>
 *   <li>{@code org.pgas4j.shmem}: OpenSHMEM with memory spaces;</li>
 *   <li>{@code org.pgas4j.mpi}: MPI-style target-serviced RMA (PUT / ACCEPT);</li>
 *   <li>{@code org.pgas4j.gaspi}: GASPI with application-provided segments;</li>
 *   <li>{@code org.pgas4j.junit}: {@code @PgasTest}, JUnit 5 tests run as jobs (JUnit is an
 *       optional dependency, read only where it is present).</li>
 * </ul>
 *
 * <p>Not exported: the transports and their service interface, bootstrap, launcher, memory-kind
 * implementations and the core's machinery. The transport interface is tied to the bootstrap and
 * to the core's fallback rules and is not yet a stable contract, so third-party transports are not
 * offered; the four built-in ones are found through {@link java.util.ServiceLoader}.
 */
module org.pgas4j {
    requires java.desktop;
    requires java.management;
    requires jdk.management;
    requires jdk.net;
    requires jdk.jfr; // pgas4j's JFR events (org.pgas4j.internal.jfr); off and free unless a recording runs
    requires static org.junit.jupiter.api; // only for org.pgas4j.junit: a consumer that tests has JUnit itself

    exports org.pgas4j;
    exports org.pgas4j.shmem;
    exports org.pgas4j.mpi;
    exports org.pgas4j.gaspi;
    exports org.pgas4j.junit;

    uses org.pgas4j.spi.TransportProvider;

    provides org.pgas4j.spi.TransportProvider with
            org.pgas4j.transport.local.LocalTransportProvider,
            org.pgas4j.transport.shm.ShmTransportProvider,
            org.pgas4j.transport.ucx.UcxTransportProvider,
            org.pgas4j.transport.hybrid.HybridTransportProvider;
}
