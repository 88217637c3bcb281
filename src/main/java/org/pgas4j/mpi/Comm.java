package org.pgas4j.mpi;

import java.lang.foreign.MemorySegment;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.pgas4j.BadArgumentException;
import org.pgas4j.ReduceOp;
import org.pgas4j.Team;
import org.pgas4j.internal.stats.Stats;

/**
 * A communicator ({@code MPI_Comm}): an ordered group of processes and a matching context. The
 * seed's operations take their {@code comm} argument as the communicator they are called on:
 * {@code MPI_PUT(origin, count, type, target_rank, target_disp, target_count, target_type, tag,
 * comm)} is {@code comm.put(origin, count, type, targetRank, targetDisp, targetCount, targetType,
 * tag)}, {@code MPI_ACCEPT(base, size, disp_unit, tag, comm, count)} is
 * {@code comm.accept(base, size, dispUnit, tag, count)}, and so on.
 *
 * <h2>Requests</h2>
 * PUT, PUTHOLD, PUTC, GET, GETHOLD and GETC always complete at once, issuing a request to the
 * process {@code targetRank} designates. Each is checked first (rank, tag, counts, displacement,
 * buffer bounds, and that origin count x type and target count x type carry the same sequence of
 * primitive elements) and throws {@link BadArgumentException} before anything is sent. The origin
 * buffer (a {@link MemorySegment} or a Java primitive array) must not be touched until this
 * process's next ACCEPT (OFFER, AVAIL) with the same tag completes: a large request from
 * {@link Mpi#rmaMalloc} memory is serviced straight from (into) it.
 *
 * <h2>Servicing</h2>
 * ACCEPT, OFFER, AVAIL and the collective ACCEPTC and OFFERC service requests with the same
 * comm and tag into or out of their buffer ({@code base}: any memory segment; {@code size}
 * bytes of it; {@code dispUnit} scaling each request's displacement); see {@link ServiceOp}'s
 * rules, which are the seed's. Their buffer must not be read or written locally until they
 * complete, nor handed to another servicing operation meanwhile (detected). The collective
 * ones must be started by every process of the communicator, in the same order.
 *
 * <h2>Messages</h2>
 * {@link #send}, {@link #recv} and {@link #probe} with {@link #ANY_SOURCE} and {@link #ANY_TAG};
 * a probe also sees PUT and GET requests, and says which it found in {@link Status#operation()}.
 *
 * <p>A communicator is used by one thread at a time, like its {@link Mpi}.
 */
public final class Comm {
    /** Matches any source in {@link #recv} and {@link #probe}. */
    public static final int ANY_SOURCE = -1;
    /** Matches any tag in {@link #recv} and {@link #probe}. */
    public static final int ANY_TAG = -1;

    private final Mpi mpi;
    private final Engine engine;
    final int id;
    private final String name;
    final Team team;
    private final int[] jobRanks;
    private final int[] rankOfJob;
    /** Per target rank, the sequence number of the next request or message (the program's thread only). */
    private final int[] seq;
    private final Map<Long, long[]> epochCounts = new HashMap<>();
    private final Map<Long, Integer> epochs = new HashMap<>();
    private boolean freed;

    Comm(Mpi mpi, Engine engine, int id, String name, Team team) {
        this.mpi = mpi;
        this.engine = engine;
        this.id = id;
        this.name = name;
        this.team = team;
        this.jobRanks = new int[team.size()];
        this.rankOfJob = new int[engine.jobSize];
        java.util.Arrays.fill(rankOfJob, -1);
        for (int r = 0; r < jobRanks.length; r++) {
            jobRanks[r] = team.jobRankOf(r);
            rankOfJob[jobRanks[r]] = r;
        }
        this.seq = new int[jobRanks.length];
    }

    /** This process's rank in the communicator ({@code MPI_Comm_rank}). */
    public int rank() {
        return team.rank();
    }

    /** The number of processes ({@code MPI_Comm_size}). */
    public int size() {
        return jobRanks.length;
    }

    /** The communicator's name, for messages. */
    public String name() {
        return name;
    }

    /** The core team underneath (for mixing with the core's collectives). */
    public Team team() {
        return team;
    }

    /**
     * A new communicator with the same processes and ranks and a separate matching context
     * ({@code MPI_Comm_dup}). Collective.
     */
    public Comm dup() {
        return split(0, rank(), name + ".dup");
    }

    /**
     * Processes passing the same {@code color} form a new communicator, ranked by {@code key}
     * then by rank here ({@code MPI_Comm_split}); a negative color gets null but must still call.
     * Collective.
     */
    public Comm split(int color, int key) {
        return split(color, key, name + ".split(" + color + ")");
    }

    private Comm split(int color, int key, String newName) {
        check("split");
        long id = engine.client.collectives().allreduceLong(team, engine.takeCommId(), ReduceOp.MAX);
        engine.commIdUsed((int) id);
        Team t = team.split(color, key);
        return t == null ? null : new Comm(mpi, engine, (int) id, newName, t);
    }

    /** Releases the communicator ({@code MPI_Comm_free}). Collective; not for the world. */
    public void free() {
        check("free");
        if (team.isWorld()) {
            throw new BadArgumentException("free: " + name + " is the world communicator, which lives as long as "
                    + "the Mpi");
        }
        freed = true;
        team.destroy();
    }

    /** A barrier over the communicator's processes, advancing operations in progress meanwhile. */
    public void barrier() {
        check("barrier");
        long t0 = Stats.ON ? System.nanoTime() : 0;
        sync();
        if (Stats.ON && engine.stats != null) {
            engine.stats.count(Stats.MPI_COLLECTIVE, engine.jobRank, 0);
            engine.stats.waited(Stats.WAIT_MPI_BARRIER, System.nanoTime() - t0);
        }
    }

    /** {@link #barrier()} without the checks and the facade's statistics (for {@link Mpi#close()}). */
    void sync() {
        var e = engine.client.collectives().barrierNB(team);
        for (int i = 0; !e.test(); ) {
            engine.progress();
            i = engine.idle(i);
        }
    }

    // ---------------------------------------------------------------- PUT, PUTHOLD, PUTC

    /**
     * MPI_PUT: issues a PUT request carrying {@code count} items of {@code type} from
     * {@code origin} to rank {@code targetRank}, for the location {@code targetDisp} x the
     * servicer's disp_unit in its buffer, read as {@code targetCount} items of
     * {@code targetType}. Serviced by one ACCEPT or AVAIL there with this comm and tag. Completes
     * at once.
     *
     * @throws BadArgumentException for a bad rank, tag, count, displacement, buffer or mismatched
     *         signatures, before anything is sent
     */
    public void put(Object origin, int count, Datatype type, int targetRank, long targetDisp, int targetCount,
                    Datatype targetType, int tag) {
        issue(Wire.PUT, origin, count, type, targetRank, targetDisp, targetCount, targetType, tag, "PUT");
    }

    /** MPI_PUTHOLD: a {@link #put} that does not count toward the servicing ACCEPT's or AVAIL's count. */
    public void putHold(Object origin, int count, Datatype type, int targetRank, long targetDisp, int targetCount,
                        Datatype targetType, int tag) {
        issue(Wire.PUTHOLD, origin, count, type, targetRank, targetDisp, targetCount, targetType, tag, "PUTHOLD");
    }

    /** MPI_PUTC: a {@link #put} serviced only by the collective ACCEPTC (never by ACCEPT or AVAIL). */
    public void putC(Object origin, int count, Datatype type, int targetRank, long targetDisp, int targetCount,
                     Datatype targetType, int tag) {
        issue(Wire.PUTC, origin, count, type, targetRank, targetDisp, targetCount, targetType, tag, "PUTC");
    }

    // ---------------------------------------------------------------- GET, GETHOLD, GETC

    /**
     * MPI_GET: issues a GET request for {@code targetCount} items of {@code targetType} at
     * {@code targetDisp} x disp_unit in the buffer of an OFFER or AVAIL on {@code targetRank},
     * delivered into {@code count} items of {@code type} of {@code origin}. The data is in
     * {@code origin} once this process's next OFFER (or AVAIL) with this comm and tag completes.
     */
    public void get(Object origin, int count, Datatype type, int targetRank, long targetDisp, int targetCount,
                    Datatype targetType, int tag) {
        issue(Wire.GET, origin, count, type, targetRank, targetDisp, targetCount, targetType, tag, "GET");
    }

    /** MPI_GETHOLD: a {@link #get} that does not count toward the servicing OFFER's or AVAIL's count. */
    public void getHold(Object origin, int count, Datatype type, int targetRank, long targetDisp, int targetCount,
                        Datatype targetType, int tag) {
        issue(Wire.GETHOLD, origin, count, type, targetRank, targetDisp, targetCount, targetType, tag, "GETHOLD");
    }

    /** MPI_GETC: a {@link #get} serviced only by the collective OFFERC. */
    public void getC(Object origin, int count, Datatype type, int targetRank, long targetDisp, int targetCount,
                     Datatype targetType, int tag) {
        issue(Wire.GETC, origin, count, type, targetRank, targetDisp, targetCount, targetType, tag, "GETC");
    }

    private void issue(int kind, Object origin, int count, Datatype type, int targetRank, long targetDisp,
                       int targetCount, Datatype targetType, int tag, String op) {
        check(op);
        mpi.issuer().request(kind, this, origin, count, type, targetRank, targetDisp, targetCount, targetType, tag,
                op);
    }

    // ---------------------------------------------------------------- ACCEPT, OFFER, AVAIL

    /**
     * MPI_ACCEPT: services PUT and PUTHOLD requests with this comm and tag into {@code base}
     * ({@code size} bytes, displacements scaled by {@code dispUnit}); returns once it has
     * serviced exactly {@code count} PUTs and every PUT and PUTHOLD this process issued with this
     * comm and tag is fully serviced.
     *
     * @throws BadArgumentException for a bad size, disp_unit, tag or count
     * @throws IllegalStateException if {@code base} overlaps an active servicing operation's buffer
     * @throws MpiException if a request fell outside the buffer (refused, nothing written), or one
     *         of this process's own PUTs was refused by its servicer
     */
    public void accept(MemorySegment base, long size, int dispUnit, int tag, int count) {
        blocking(ServiceOp.Mode.ACCEPT, base, size, dispUnit, tag, count, "ACCEPT");
    }

    /** MPI_IACCEPT: {@link #accept} started, completed by its request. */
    public Request iaccept(MemorySegment base, long size, int dispUnit, int tag, int count) {
        return service(ServiceOp.Mode.ACCEPT, base, size, dispUnit, tag, count, "IACCEPT");
    }

    /**
     * MPI_ACCEPTC: the collective ACCEPT. The m-th ACCEPTC on this comm and tag services exactly
     * the PUTCs issued to this process before their origins' m-th ACCEPTC, and completes once
     * those and this process's own such PUTCs are fully serviced. Every process of the
     * communicator calls it.
     */
    public void acceptC(MemorySegment base, long size, int dispUnit, int tag) {
        service(ServiceOp.Mode.ACCEPTC, base, size, dispUnit, tag, 0, "ACCEPTC", true).waitFor();
    }

    /** MPI_IACCEPTC: {@link #acceptC} started; the counting collective starts now. */
    public Request iacceptC(MemorySegment base, long size, int dispUnit, int tag) {
        return service(ServiceOp.Mode.ACCEPTC, base, size, dispUnit, tag, 0, "IACCEPTC");
    }

    /** MPI_OFFER: {@link #accept} for GET and GETHOLD requests, serviced out of {@code base}. */
    public void offer(MemorySegment base, long size, int dispUnit, int tag, int count) {
        blocking(ServiceOp.Mode.OFFER, base, size, dispUnit, tag, count, "OFFER");
    }

    /** MPI_IOFFER: {@link #offer} started. */
    public Request ioffer(MemorySegment base, long size, int dispUnit, int tag, int count) {
        return service(ServiceOp.Mode.OFFER, base, size, dispUnit, tag, count, "IOFFER");
    }

    /** MPI_OFFERC: {@link #acceptC} for GETC requests. */
    public void offerC(MemorySegment base, long size, int dispUnit, int tag) {
        service(ServiceOp.Mode.OFFERC, base, size, dispUnit, tag, 0, "OFFERC", true).waitFor();
    }

    /** MPI_IOFFERC: {@link #offerC} started. */
    public Request iofferC(MemorySegment base, long size, int dispUnit, int tag) {
        return service(ServiceOp.Mode.OFFERC, base, size, dispUnit, tag, 0, "IOFFERC");
    }

    /**
     * MPI_AVAIL: services exactly one PUT or GET with this comm and tag, preceded by any number of
     * PUTHOLDs (then only PUTHOLDs and a PUT) or GETHOLDs (then only GETHOLDs and a GET); completes
     * once that one is serviced and every PUT, GET, PUTHOLD and GETHOLD this process issued with
     * this comm and tag is fully serviced. The building block of custom agents.
     */
    public void avail(MemorySegment base, long size, int dispUnit, int tag) {
        iavail(base, size, dispUnit, tag).waitFor();
    }

    /** MPI_IAVAIL: {@link #avail} started. */
    public Request iavail(MemorySegment base, long size, int dispUnit, int tag) {
        return service(ServiceOp.Mode.AVAIL, base, size, dispUnit, tag, 1, "IAVAIL");
    }

    private Request service(ServiceOp.Mode mode, MemorySegment base, long size, int dispUnit, int tag, int count,
                            String op) {
        return service(mode, base, size, dispUnit, tag, count, op, false);
    }

    private Request service(ServiceOp.Mode mode, MemorySegment base, long size, int dispUnit, int tag, int count,
                            String op, boolean blocking) {
        return new Request(engine, start(mode, base, size, dispUnit, tag, count, op, blocking));
    }

    /**
     * A blocking ACCEPT or OFFER: as the I-form then WAIT, without the request object, on the
     * engine's idle operation object when it has one.
     */
    private void blocking(ServiceOp.Mode mode, MemorySegment base, long size, int dispUnit, int tag, int count,
                          String op) {
        ServiceOp s = start(mode, base, size, dispUnit, tag, count, op, false, true);
        try {
            engine.await(s);
        } finally {
            engine.release(s); // done (or failed): reusable; still active after an exception: left alone
        }
        s.result();
    }

    /** Checks and starts a servicing operation. */
    private ServiceOp start(ServiceOp.Mode mode, MemorySegment base, long size, int dispUnit, int tag, int count,
                            String op, boolean blocking) {
        return start(mode, base, size, dispUnit, tag, count, op, blocking, false);
    }

    /** Checks and starts a servicing operation, on the engine's idle one when {@code reuse} and there is one. */
    private ServiceOp start(ServiceOp.Mode mode, MemorySegment base, long size, int dispUnit, int tag, int count,
                            String op, boolean blocking, boolean reuse) {
        check(op);
        Issuer.checkTag(op, this, tag);
        if (count < 0) {
            throw new BadArgumentException(Issuer.who(op, this) + " with tag " + tag + ": count " + count
                    + " is negative");
        }
        MemorySegment b = Buffers.servicing(base, size, dispUnit, op, this);
        ServiceOp idle = reuse ? engine.takeIdleServiceOp() : null;
        ServiceOp s = idle != null ? idle.reset(mode, this, b, dispUnit, tag, count, op, blocking)
                : new ServiceOp(engine, mpi.servicer(), mode, this, b, dispUnit, tag, count, op, blocking);
        engine.start(s);
        if (Stats.ON && engine.stats != null && (mode == ServiceOp.Mode.ACCEPTC || mode == ServiceOp.Mode.OFFERC)) {
            engine.stats.count(Stats.MPI_COLLECTIVE, engine.jobRank, 0);
        }
        return s;
    }

    // ---------------------------------------------------------------- messages

    /** Sends {@code count} items of {@code type} from {@code buf} to {@code dest}; the buffer is reusable on return. */
    public void send(Object buf, int count, Datatype type, int dest, int tag) {
        check("send");
        mpi.issuer().message(this, buf, count, type, dest, tag, "send");
    }

    /** {@link #send}, returning a request that is complete already (the data was copied). */
    public Request isend(Object buf, int count, Datatype type, int dest, int tag) {
        send(buf, count, type, dest, tag);
        Op done = new Op() {
            @Override
            void step() {
            }

            @Override
            String describe() {
                return "isend to rank " + dest + " with tag " + tag;
            }
        };
        done.complete(Status.EMPTY);
        return new Request(engine, done);
    }

    /**
     * Receives the first message from {@code source} (or {@link #ANY_SOURCE}) with {@code tag}
     * (or {@link #ANY_TAG}) into {@code count} items of {@code type} of {@code buf}; messages from
     * one sender are received in the order sent.
     *
     * @throws MpiException if the message is larger than the buffer (it is truncated and consumed)
     */
    public Status recv(Object buf, int count, Datatype type, int source, int tag) {
        return irecv(buf, count, type, source, tag).waitFor();
    }

    /** {@link #recv} started. */
    public Request irecv(Object buf, int count, Datatype type, int source, int tag) {
        check("recv");
        checkSource("recv", source);
        if (tag < ANY_TAG) {
            throw new BadArgumentException(Issuer.who("recv", this) + ": tag " + tag
                    + " is neither ANY_TAG nor 0 or more");
        }
        MemorySegment b = Buffers.of(buf, count, type, "recv", this);
        RecvOp op = new RecvOp(engine, mpi.servicer(), this, b, count, type, source, tag, "recv");
        engine.start(op);
        return new Request(engine, op);
    }

    /**
     * Waits until a message, PUT request or GET request from {@code source} (or any) with
     * {@code tag} (or any) has arrived here and returns its status, leaving it in place. The
     * status's {@link Status#operation()} says which it is (the seed's MPI_OP field).
     */
    public Status probe(int source, int tag) {
        long t0 = Stats.ON ? System.nanoTime() : 0;
        for (int i = 0; ; ) {
            Optional<Status> s = iprobe(source, tag);
            if (s.isPresent()) {
                if (Stats.ON && engine.stats != null) {
                    engine.stats.waited(Stats.WAIT_MPI_WAIT, System.nanoTime() - t0);
                }
                return s.get();
            }
            i = engine.idle(i);
        }
    }

    /** {@link #probe} without waiting: advances progress once, then answers. */
    public Optional<Status> iprobe(int source, int tag) {
        check("probe");
        checkSource("probe", source);
        engine.progress();
        Incoming in = engine.arrivals(id).peek(x -> matches(x, source, tag));
        if (in == null) {
            return Optional.empty();
        }
        return Optional.of(new Status(rankOfJob(in.sourceJob), in.tag, in.bytes, Status.operationOf(in.kind),
                Wire.name(in.kind)));
    }

    // ---------------------------------------------------------------- internal

    private void check(String op) {
        if (engine.isClosed()) {
            engine.checkOpen(op + " on " + name);
        }
        if (freed) {
            throw new IllegalStateException(op + " on rank " + rank() + ": communicator " + name + " was freed");
        }
    }

    private void checkSource(String op, int source) {
        if (source != ANY_SOURCE && (source < 0 || source >= size())) {
            throw new BadArgumentException(Issuer.who(op, this) + ": source " + source + " is neither ANY_SOURCE nor a rank in [0, "
                    + size() + ")");
        }
    }

    void checkRank(String op, String what, int r) {
        if (r < 0 || r >= size()) {
            throw new BadArgumentException(Issuer.who(op, this) + ": " + what + " " + r + " is outside [0, " + size() + "), the ranks of "
                    + name);
        }
    }

    boolean matches(Incoming in, int source, int tag) {
        int from = rankOfJob(in.sourceJob);
        return from >= 0 && (source == ANY_SOURCE || from == source) && (tag == ANY_TAG || in.tag == tag);
    }

    /**
     * The outstanding-request counter of this communicator's last servicing operation of the PUT
     * ({@code gets} false) or GET family, or null: most servicing operations ask for the same key
     * as the one before (program thread only; the holder checks the key and that it is still in
     * the table).
     */
    OriginTable.Counter lastCounter(boolean gets) {
        return gets ? lastGetCounter : lastPutCounter;
    }

    void rememberCounter(boolean gets, OriginTable.Counter c) {
        if (gets) {
            lastGetCounter = c;
        } else {
            lastPutCounter = c;
        }
    }

    private OriginTable.Counter lastPutCounter;
    private OriginTable.Counter lastGetCounter;

    int jobRankOf(int r) {
        return jobRanks[r];
    }

    int rankOfJob(int j) {
        return j >= 0 && j < rankOfJob.length ? rankOfJob[j] : -1;
    }

    int nextSeq(int target) {
        return seq[target]++;
    }

    /** The epoch a request of {@code kind} issued now belongs to (0 for non-collective kinds); counts PUTC/GETC per target. */
    int epochForIssue(int tag, int kind, int target) {
        if (kind != Wire.PUTC && kind != Wire.GETC) {
            return 0;
        }
        long key = ((long) tag << 3) | kind;
        epochCounts.computeIfAbsent(key, k -> new long[size()])[target]++;
        return epochs.getOrDefault(key, 0);
    }

    /** Ends this process's current epoch of (tag, kind): copies its per-target counts into {@code out}, returns its number. */
    int closeEpoch(int tag, int kind, long[] out) {
        long key = ((long) tag << 3) | kind;
        long[] counts = epochCounts.remove(key);
        if (counts != null) {
            System.arraycopy(counts, 0, out, 0, counts.length);
        }
        int e = epochs.getOrDefault(key, 0);
        epochs.put(key, e + 1);
        return e;
    }

    @Override
    public String toString() {
        return "Comm[" + name + ", rank " + rank() + " of " + size() + "]";
    }
}
