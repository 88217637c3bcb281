package org.pgas4j.mpi;

import java.lang.foreign.MemorySegment;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.ResourceException;
import org.pgas4j.Segment;

/**
 * The MPI-style PUT/ACCEPT facade of seed 002 over the pgas4j core: one {@code Mpi} per process,
 * from {@link #init()} to {@link #close()}. No hidden global state: several live in one JVM on the
 * {@code local} transport.
 *
 * <p>{@link #world()} is the communicator of all processes; the operations (PUT, GET, ACCEPT,
 * OFFER, AVAIL, their HOLD, collective and non-blocking variants, messages and PROBE) are on
 * {@link Comm}. {@link #rmaMalloc} ({@code MPI_RMA_MALLOC}) hands out memory of the registered
 * segment: a large request whose origin buffer lies there is serviced by one RMA from (into) it,
 * a direct copy on {@code shm} and {@code local}.
 *
 * <p>Underneath: every request is a message to its target, written into a ring in the target's
 * registered memory with the core's RMA when the core maps that memory and it fits a slot (the
 * shared-memory fast path, {@link MpiSettings#MAILBOX}), else an active message; the target
 * queues it per communicator in issue order and a servicing operation moves its data (from the
 * message when small, else one RMA) and answers the origin the same way, whose own servicing
 * operations wait for those answers. The facade registers 4 active-message handlers from
 * {@link MpiSettings#AM_BASE}. An {@code Mpi} is used
 * by one thread at a time.
 *
 * <p>Not detectable cheaply in Java, and so not detected: a local load or store inside the
 * buffer of an active ACCEPT (OFFER, AVAIL), or of an origin buffer before the ACCEPT that
 * completes its PUT. In checked mode ({@code -Dpgas4j.checked=true}) a large PUT from
 * {@code rmaMalloc} memory carries a checksum, and a servicer that finds the data changed refuses
 * the request and reports it at both ends.
 */
public final class Mpi implements AutoCloseable {
    private final Client client;
    private final boolean ownsClient;
    private final Engine engine;
    private final Issuer issuer;
    private final Servicer servicer;
    private final Comm world;

    private Mpi(Client client, boolean ownsClient, MemorySegment registered) {
        this.client = client;
        this.ownsClient = ownsClient;
        this.engine = new Engine(client, registered);
        this.issuer = new Issuer(engine);
        this.servicer = new Servicer(engine);
        this.world = new Comm(this, engine, 0, "MPI_COMM_WORLD", client.world());
    }

    /**
     * Starts the facade on this process ({@code MPI_Init}): initialises a pgas4j client whose
     * primordial segment ({@link MpiSettings#RMA_SIZE} bytes) is the registered memory. Collective.
     */
    public static Mpi init() {
        Client client = Client.init(MpiSettings.RMA_SIZE.value());
        try {
            return start(client, true);
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
    }

    /**
     * Starts the facade over an existing client, whose primordial endpoint's bound, published
     * segment becomes the registered memory (the facade allocates all of it: do not use it for
     * anything else). Collective. {@link #close()} leaves the client open.
     *
     * @throws BadArgumentException if the client is null or closed, or has no primordial segment
     *         (initialise it with a segment size above 0)
     */
    public static Mpi init(Client client) {
        if (client == null || client.isClosed()) {
            throw new BadArgumentException("Mpi.init: the client is " + (client == null ? "null" : "closed"));
        }
        return start(client, false);
    }

    private static Mpi start(Client client, boolean owns) {
        Segment s = client.primordialEndpoint().boundSegment().orElseThrow(() -> new BadArgumentException(
                "Mpi.init on PE " + client.jobRank() + ": the client has no primordial segment; initialise it with "
                        + "pgas4j.segment.size above 0"));
        Mpi mpi = new Mpi(client, owns, s.memory());
        client.world().barrier(); // every process's handlers are registered before anyone sends
        return mpi;
    }

    /** {@code MPI_COMM_WORLD}: every process, ranked as the job. */
    public Comm world() {
        return world;
    }

    /** This process's rank in the world. */
    public int rank() {
        return world.rank();
    }

    /** The number of processes. */
    public int size() {
        return world.size();
    }

    /** The pgas4j client underneath. */
    public Client client() {
        return client;
    }

    /** Whether checked mode ({@code pgas4j.checked}) is on. */
    public boolean isChecked() {
        return engine.checked;
    }

    /**
     * {@code MPI_RMA_MALLOC}: {@code size} bytes of registered memory, 64-byte aligned, zeroed
     * neither here nor on free. Servicing into or out of it, and large PUTs and GETs from or into
     * it, move data with one RMA and no staging.
     *
     * @throws BadArgumentException if {@code size} is negative
     * @throws ResourceException if the registered memory has no free range that large
     */
    public MemorySegment rmaMalloc(long size) {
        engine.checkOpen("rmaMalloc");
        if (size < 0) {
            throw new BadArgumentException("rmaMalloc on process " + rank() + ": size " + size + " is negative");
        }
        long at = engine.heap.allocate(size);
        if (at < 0) {
            throw new ResourceException("rmaMalloc on process " + rank() + ": no free range of " + size
                    + " bytes in the registered memory (largest " + engine.heap.largestFree() + " of "
                    + engine.heap.capacity() + "; raise pgas4j.mpi.rma.size)");
        }
        return engine.registered.asSlice(at, size);
    }

    /**
     * Returns memory {@link #rmaMalloc} gave.
     *
     * @throws BadArgumentException if {@code m} is not a block rmaMalloc returned (and not freed)
     */
    public void rmaFree(MemorySegment m) {
        engine.checkOpen("rmaFree");
        long at = m == null ? -1 : engine.registeredOffset(m);
        if (at < 0 || at == engine.mailboxOffset || !engine.heap.release(at)) {
            throw new BadArgumentException("rmaFree on process " + rank() + ": " + m
                    + " is not a live block from rmaMalloc");
        }
    }

    /**
     * Ends the facade on this process ({@code MPI_Finalize}): a barrier over the world, then the
     * client is closed (unless it was given to {@link #init(Client)}). Collective. Idempotent.
     * Every later call throws {@link IllegalStateException}.
     */
    @Override
    public void close() {
        if (engine.isClosed()) {
            return;
        }
        world.sync(); // the world's barrier, not counted as the application's
        engine.markClosed();
        if (ownsClient) {
            client.close();
        }
    }

    /** Whether {@link #close()} has run. */
    public boolean isClosed() {
        return engine.isClosed();
    }

    Issuer issuer() {
        return issuer;
    }

    Servicer servicer() {
        return servicer;
    }
}
