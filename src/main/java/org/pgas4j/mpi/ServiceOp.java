package org.pgas4j.mpi;

import java.lang.foreign.MemorySegment;
import org.pgas4j.Event;

/**
 * One servicing operation (ACCEPT, OFFER, AVAIL, ACCEPTC, OFFERC and their I-forms) in progress:
 * takes the matching requests that arrived, in order, services them into or out of its buffer,
 * and completes as the seed says:
 * <ul>
 * <li>ACCEPT / OFFER: once it has serviced exactly {@code count} PUTs (GETs), PUTHOLDs (GETHOLDs)
 *     serviced along the way not counting, and every PUT and PUTHOLD (GET and GETHOLD) this process
 *     issued with the same comm and tag is fully serviced.</li>
 * <li>AVAIL: once it has serviced exactly one PUT or GET (after a PUTHOLD only PUTHOLDs and a PUT,
 *     after a GETHOLD only GETHOLDs and a GET), and every request of those four kinds this process
 *     issued with the same comm and tag is fully serviced.</li>
 * <li>ACCEPTC / OFFERC, the m-th on (comm, tag): services the PUTCs (GETCs) of epoch m, whose
 *     number comes from the counting scheme: every process counts what it issued per target since
 *     its previous one, and a reduction then a broadcast over the communicator (log n each, started
 *     at inception) give each process its total; it completes once it has serviced that many and
 *     its own epoch-m PUTCs (GETCs) are fully serviced.</li>
 * </ul>
 * A request whose range falls outside the buffer is refused (nothing written, not counted), and
 * the operation fails naming it; a failure recorded for this process's own requests of the same
 * family fails it too.
 */
final class ServiceOp extends Op implements Arrivals.Matcher {
    /** Which servicing operation. */
    enum Mode { ACCEPT, OFFER, AVAIL, ACCEPTC, OFFERC }

    private final Engine engine;
    private final Servicer servicer;
    // What follows is set by reset: a blocking ACCEPT or OFFER reuses its engine's idle operation.
    private Mode mode;
    private Comm comm;
    private int tag;
    private MemorySegment base;
    private int dispUnit;
    private String name;
    private Arrivals arrivals;
    private long need;
    private long serviced;
    private int availLock = -1;
    private int epoch;
    private Event reduced;
    private Event broadcast;
    private long[] totals;
    /** A blocking ACCEPTC/OFFERC counts with blocking collectives on this thread, the I-forms on the team's queue. */
    private boolean blocking;
    /** Whether the counting collectives are still to start (at the first step, after the buffer checks). */
    private boolean counting;

    ServiceOp(Engine engine, Servicer servicer, Mode mode, Comm comm, MemorySegment base, int dispUnit, int tag,
              long count, String name, boolean blocking) {
        this.engine = engine;
        this.servicer = servicer;
        reset(mode, comm, base, dispUnit, tag, count, name, blocking);
    }

    /**
     * Makes this a new operation, not started: as constructed with these arguments. Only for one
     * that is done and no longer among the engine's active operations ({@link Engine#release}).
     */
    ServiceOp reset(Mode mode, Comm comm, MemorySegment base, int dispUnit, int tag, long count, String name,
                    boolean blocking) {
        reopen();
        this.blocking = blocking;
        this.mode = mode;
        this.comm = comm;
        this.tag = tag;
        this.base = base;
        this.dispUnit = dispUnit;
        this.name = name; // describe() adds the rank, communicator and tag
        this.arrivals = engine.arrivals(comm.id);
        this.need = mode == Mode.AVAIL ? 1 : count;
        this.serviced = 0;
        this.availLock = -1;
        this.epoch = 0;
        this.reduced = null;
        this.broadcast = null;
        this.totals = null;
        this.codeExpected = 0;
        this.ownPuts = null;
        this.ownGets = null;
        this.counting = collective();
        return this;
    }

    /** Lets go of the buffer and communicator of a finished operation kept for reuse. */
    void forget() {
        base = null;
        comm = null;
        arrivals = null;
    }

    private boolean collective() {
        return mode == Mode.ACCEPTC || mode == Mode.OFFERC;
    }

    private int cKind() {
        return mode == Mode.ACCEPTC ? Wire.PUTC : Wire.GETC;
    }

    /**
     * Closes this process's epoch and starts the reduction and broadcast of the per-target counts:
     * non-blocking for the I-forms (progress services requests of the epoch meanwhile), inline for
     * the blocking forms, which wait for every process anyway and so avoid handing the
     * collectives to the team's worker thread.
     */
    private void startCounting() {
        need = -1;
        int n = comm.size();
        long[] counts = new long[n + 2];
        epoch = comm.closeEpoch(tag, cKind(), counts);
        // two more slots check that every process runs the same kind of operation on the same tag
        long code = (tag & 0xffffL) * 2 + (mode == Mode.OFFERC ? 1 : 0);
        counts[n] = code;
        counts[n + 1] = code * code;
        long[] reducedCounts = new long[n + 2];
        totals = new long[n + 2];
        var coll = engine.client.collectives();
        this.codeExpected = code;
        if (blocking) {
            coll.reduce(comm.team, 0, MemorySegment.ofArray(reducedCounts), MemorySegment.ofArray(counts),
                    org.pgas4j.DataType.LONG, n + 2, org.pgas4j.ReduceOp.SUM);
            coll.broadcast(comm.team, 0, MemorySegment.ofArray(totals), MemorySegment.ofArray(reducedCounts),
                    8L * (n + 2));
            reduced = Event.DONE;
            broadcast = Event.DONE;
            return;
        }
        reduced = coll.reduceNB(comm.team, 0, MemorySegment.ofArray(reducedCounts), MemorySegment.ofArray(counts),
                org.pgas4j.DataType.LONG, n + 2, org.pgas4j.ReduceOp.SUM);
        broadcast = coll.broadcastNB(comm.team, 0, MemorySegment.ofArray(totals),
                MemorySegment.ofArray(reducedCounts), 8L * (n + 2));
        this.codeExpected = code;
    }

    private long codeExpected;

    @Override
    MemorySegment buffer() {
        return base;
    }

    @Override
    String describe() {
        return name + " on rank " + comm.rank() + " of " + comm.name() + " with tag " + tag;
    }

    @Override
    public boolean accepts(Incoming in) {
        if (in.tag != tag || need >= 0 && serviced >= need) {
            return false;
        }
        return switch (mode) {
            case ACCEPT -> in.kind == Wire.PUT || in.kind == Wire.PUTHOLD;
            case OFFER -> in.kind == Wire.GET || in.kind == Wire.GETHOLD;
            case AVAIL -> availLock == -1 ? in.kind == Wire.PUT || in.kind == Wire.PUTHOLD || in.kind == Wire.GET
                    || in.kind == Wire.GETHOLD
                    : availLock == Wire.PUT ? in.kind == Wire.PUT || in.kind == Wire.PUTHOLD
                    : in.kind == Wire.GET || in.kind == Wire.GETHOLD;
            case ACCEPTC -> in.kind == Wire.PUTC && in.epoch == epoch;
            case OFFERC -> in.kind == Wire.GETC && in.epoch == epoch;
        };
    }

    @Override
    void step() {
        if (counting) {
            counting = false;
            startCounting();
        }
        if (collective() && need < 0 && reduced.test() && broadcast.test()) {
            int n = comm.size();
            if (totals[n] != codeExpected * n || totals[n + 1] != codeExpected * codeExpected * n) {
                fail(new MpiException(describe() + ": the processes of " + comm.name() + " did not all run the same "
                        + "collective servicing operation (ACCEPTC or OFFERC) with tag " + tag + " as their "
                        + (epoch + 1) + "-th; collective servicing operations must be started in the same order "
                        + "everywhere"));
                return;
            }
            need = totals[comm.rank()];
        }
        Incoming in;
        while ((in = arrivals.take(this)) != null) {
            boolean ok = service(in);
            engine.recycle(in); // serviced or refused, nothing keeps it
            if (!ok) {
                return;
            }
        }
        if (need >= 0 && serviced == need && ownServiced()) {
            // a refusal is recorded before its request stops being outstanding: look after that test
            MpiException own = ownFailure();
            if (own != null) {
                fail(own);
            } else {
                complete(Status.EMPTY);
            }
        }
    }

    /** Whether this operation takes its requests from {@code a} (its communicator's arrivals). */
    boolean takesFrom(Arrivals a) {
        return arrivals == a;
    }

    /** Services one request it {@link #accepts}; false when it was refused, which failed this operation. */
    boolean service(Incoming in) {
        int source = comm.rankOfJob(in.sourceJob);
        String why = servicer.service(in, base, dispUnit, this, source);
        if (why != null) {
            fail(new MpiException(describe() + ": " + why + "; the request was refused, nothing was written and it "
                    + "does not count"));
            return false;
        }
        if (in.kind == Wire.PUTHOLD || in.kind == Wire.GETHOLD) {
            if (mode == Mode.AVAIL) {
                availLock = in.kind == Wire.PUTHOLD ? Wire.PUT : Wire.GET;
            }
        } else {
            serviced++;
        }
        return true;
    }

    private MpiException ownFailure() {
        int e = collective() ? epoch : 0;
        return switch (mode) {
            case ACCEPT -> engine.origins.takeFailure(comm.id, tag, Wire.PUT, 0);
            case OFFER -> engine.origins.takeFailure(comm.id, tag, Wire.GET, 0);
            case AVAIL -> {
                MpiException p = engine.origins.takeFailure(comm.id, tag, Wire.PUT, 0);
                yield p != null ? p : engine.origins.takeFailure(comm.id, tag, Wire.GET, 0);
            }
            case ACCEPTC -> engine.origins.takeFailure(comm.id, tag, Wire.PUTC, e);
            case OFFERC -> engine.origins.takeFailure(comm.id, tag, Wire.GETC, e);
        };
    }

    private boolean ownServiced() {
        return switch (mode) {
            case ACCEPT -> own(Wire.PUT, 0) == 0;
            case OFFER -> own(Wire.GET, 0) == 0;
            case AVAIL -> own(Wire.PUT, 0) == 0 && own(Wire.GET, 0) == 0;
            case ACCEPTC -> own(Wire.PUTC, epoch) == 0;
            case OFFERC -> own(Wire.GETC, epoch) == 0;
        };
    }

    /** Counters of this operation's own PUT-family and GET-family requests, kept across steps. */
    private OriginTable.Counter ownPuts;
    private OriginTable.Counter ownGets;

    /** How many of this process's requests of {@code family} with this comm and tag are outstanding. */
    private long own(int family, int e) {
        OriginTable o = engine.origins;
        if (o.nothingOutstanding()) {
            return 0;
        }
        boolean gets = family == Wire.GET || family == Wire.GETC;
        OriginTable.Counter c = gets ? ownGets : ownPuts;
        if (c == null || c.removed) {
            c = comm.lastCounter(gets);
            if (c == null || c.removed || c.key.tag != tag || c.key.family != family || c.key.epoch != e) {
                c = o.counter(comm.id, tag, family, e); // not the one the previous operation used: look it up
                if (c != null) {
                    comm.rememberCounter(gets, c);
                }
            }
            if (gets) {
                ownGets = c;
            } else {
                ownPuts = c;
            }
            if (c == null) {
                return 0;
            }
        }
        return c.n;
    }
}
