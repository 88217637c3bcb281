package org.pgas4j.internal.stats;

import java.util.List;
import org.pgas4j.Settings;

/**
 * Communication statistics ({@code pgas4j.stats}): what every PE counts, and the switch.
 *
 * <p>{@link #ON} is read once, at class initialisation, from {@link Settings#STATS}. Every counting
 * call in the runtime is guarded by it, so with statistics off (the default) the JIT removes the
 * counting code altogether. With statistics on, a PE counts, per thread and without locks, the
 * operations and bytes of each {@linkplain #KIND_NAMES kind} per target PE, and the time spent in
 * each {@linkplain #WAIT_NAMES kind of wait} ({@link PeStats}).
 */
public final class Stats {
    /** Whether statistics are counted in this JVM; fixed at class initialisation. */
    public static final boolean ON = Settings.STATS.value();

    // Point-to-point kinds: these make the PE x PE matrices.
    public static final int PUT = 0;
    public static final int GET = 1;
    public static final int ATOMIC = 2;
    /** AM request of category SHORT; MEDIUM and LONG follow: {@code AM_REQUEST + category.ordinal()}. */
    public static final int AM_REQUEST = 3;
    /** AM reply of category SHORT; MEDIUM and LONG follow. */
    public static final int AM_REPLY = 6;
    /** Kinds below this are point-to-point and go into the matrices. */
    public static final int POINT_TO_POINT = 9;
    // Collectives: counted against the calling PE itself.
    public static final int BARRIER = 9;
    public static final int BROADCAST = 10;
    public static final int REDUCE = 11;
    public static final int ALLREDUCE = 12;
    public static final int GATHER = 13;
    public static final int ALLGATHER = 14;
    public static final int SCATTER = 15;
    public static final int ALLTOALL = 16;
    // The shmem facade as it sees its calls (views: the core counts them too).
    public static final int SHMEM_PUT = 17;
    public static final int SHMEM_GET = 18;
    public static final int SHMEM_AMO = 19;
    public static final int SHMEM_COLLECTIVE = 20;
    // The MPI facade as it sees its calls, against the target's (or origin's) job rank.
    /** A PUT, PUTHOLD or PUTC issued, against the target; bytes: the origin data. */
    public static final int MPI_PUT = 21;
    /** A GET, GETHOLD or GETC issued, against the target; bytes: the data asked for. */
    public static final int MPI_GET = 22;
    /** A message sent ({@code send}, {@code isend}), against the destination. */
    public static final int MPI_SEND = 23;
    /** A PUT-family or GET-family request serviced here (ACCEPT, OFFER, AVAIL, the C forms), against its origin. */
    public static final int MPI_SERVICE = 24;
    /** A message received here ({@code recv}, {@code irecv}), against its sender; bytes: those delivered. */
    public static final int MPI_RECV = 25;
    /**
     * A collective of the facade (barrier, ACCEPTC, OFFERC and their I forms), against the caller;
     * the barriers of {@code Mpi.init} and {@code close} are not the application's and not counted.
     */
    public static final int MPI_COLLECTIVE = 26;
    // The GASPI facade as it sees its calls, against the remote rank (GASPI ranks are job ranks).
    /** {@code write}, {@code writeList} (one per call, its bytes summed) and the write of the notify forms. */
    public static final int GASPI_WRITE = 27;
    /** {@code read}, {@code readList}, {@code readNotify}. */
    public static final int GASPI_READ = 28;
    /** {@code notify} and the notification of {@code writeNotify}, {@code writeListNotify}; 4 bytes. */
    public static final int GASPI_NOTIFY = 29;
    /** {@code atomicFetchAdd}, {@code atomicCompareSwap}; 8 bytes. */
    public static final int GASPI_ATOMIC = 30;
    /** {@code passiveSend}. */
    public static final int GASPI_PASSIVE = 31;
    /**
     * A completed {@code barrier}, {@code allreduce} or {@code allreduceUser}, against the caller
     * (the barriers of {@code init}, {@code term} and the collective segment procedures are not
     * counted).
     */
    public static final int GASPI_COLLECTIVE = 32;

    /** The names of the operation kinds, indexed by kind, as the report writes them. */
    public static final List<String> KIND_NAMES = List.of("put", "get", "atomic",
            "am_request_short", "am_request_medium", "am_request_long",
            "am_reply_short", "am_reply_medium", "am_reply_long",
            "coll_barrier", "coll_broadcast", "coll_reduce", "coll_allreduce", "coll_gather", "coll_allgather",
            "coll_scatter", "coll_alltoall",
            "shmem_put", "shmem_get", "shmem_amo", "shmem_collective",
            "mpi_put", "mpi_get", "mpi_send", "mpi_service", "mpi_recv", "mpi_collective",
            "gaspi_write", "gaspi_read", "gaspi_notify", "gaspi_atomic", "gaspi_passive", "gaspi_collective");

    /** Time in team barriers. */
    public static final int WAIT_BARRIER = 0;
    /** Time in blocking collectives other than barriers. */
    public static final int WAIT_COLLECTIVE = 1;
    /** Time in {@code Event.waitFor} on an event not yet complete. */
    public static final int WAIT_EVENT = 2;
    /** Time in {@code Rma.waitNbi}. */
    public static final int WAIT_NBI = 3;
    /** Time in the shmem facade's {@code wait_until} family. */
    public static final int WAIT_SHMEM_WAIT_UNTIL = 4;
    /** Time in the shmem facade's {@code quiet}. */
    public static final int WAIT_SHMEM_QUIET = 5;
    /**
     * Time in the MPI facade's blocking calls that wait for peers: ACCEPT, OFFER, AVAIL, ACCEPTC,
     * OFFERC, {@code Request.waitFor} (and so {@code waitAll}, each request), {@code recv},
     * {@code probe}.
     */
    public static final int WAIT_MPI_WAIT = 6;
    /** Time in the MPI facade's {@code Comm.barrier}. */
    public static final int WAIT_MPI_BARRIER = 7;
    /** Time in GASPI's {@code notifyWaitsome}. */
    public static final int WAIT_GASPI_NOTIFY_WAITSOME = 8;
    /** Time in GASPI's {@code wait} on a queue. */
    public static final int WAIT_GASPI_WAIT = 9;
    /** Time in GASPI's {@code barrier}. */
    public static final int WAIT_GASPI_BARRIER = 10;
    /** Time in GASPI's {@code allreduce} and {@code allreduceUser}. */
    public static final int WAIT_GASPI_COLLECTIVE = 11;
    /** Time in GASPI's {@code passiveReceive}. */
    public static final int WAIT_GASPI_PASSIVE_RECEIVE = 12;

    /** The names of the wait kinds, indexed by kind. */
    public static final List<String> WAIT_NAMES = List.of("barrier", "collective", "event", "nbi",
            "shmem_wait_until", "shmem_quiet", "mpi_wait", "mpi_barrier", "gaspi_notify_waitsome", "gaspi_wait",
            "gaspi_barrier", "gaspi_collective", "gaspi_passive_receive");

    /** Number of operation kinds. */
    public static final int KINDS = KIND_NAMES.size();
    /** Number of wait kinds. */
    public static final int WAITS = WAIT_NAMES.size();

    private Stats() {
    }

    /** The collective kind of a {@code Collectives} operation name ({@code "allreduceNB"} is ALLREDUCE). */
    public static int collectiveKind(String op) {
        String base = op.endsWith("NB") ? op.substring(0, op.length() - 2) : op;
        return switch (base) {
            case "barrier", "sync" -> BARRIER;
            case "broadcast" -> BROADCAST;
            case "reduce" -> REDUCE;
            case "allreduce" -> ALLREDUCE;
            case "gather" -> GATHER;
            case "allgather", "allgatherv" -> ALLGATHER;
            case "scatter" -> SCATTER;
            default -> ALLTOALL;
        };
    }
}
