package org.pgas4j.mpi;

import java.lang.foreign.MemorySegment;

/**
 * A receive in progress: takes the first message that arrived from {@code source} (or any) with
 * {@code tag} (or any), in the order each sender sent them, and delivers it.
 */
final class RecvOp extends Op {
    private final Servicer servicer;
    private final Comm comm;
    private final MemorySegment buf;
    private final long count;
    private final Datatype type;
    private final int source;
    private final int tag;
    private final String name;
    private final Arrivals arrivals;
    private final Arrivals.Matcher matcher;

    RecvOp(Engine engine, Servicer servicer, Comm comm, MemorySegment buf, long count, Datatype type, int source,
           int tag, String name) {
        this.servicer = servicer;
        this.comm = comm;
        this.buf = buf;
        this.count = count;
        this.type = type;
        this.source = source;
        this.tag = tag;
        this.name = name;
        this.arrivals = engine.arrivals(comm.id);
        this.matcher = in -> in.kind == Wire.MESSAGE && comm.matches(in, source, tag);
    }

    @Override
    String describe() {
        return name + " on rank " + comm.rank() + " of " + comm.name() + " (source " + source + ", tag " + tag + ")";
    }

    @Override
    void step() {
        Incoming in = arrivals.take(matcher);
        if (in == null) {
            return;
        }
        int from = comm.rankOfJob(in.sourceJob);
        try {
            long n = servicer.receive(in, buf, count, type, describe(), from);
            complete(new Status(from, in.tag, n, Operation.MESSAGE, "message"));
        } catch (MpiException e) {
            fail(e);
        }
    }
}
