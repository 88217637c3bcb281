package org.pgas4j;

import java.lang.foreign.MemorySegment;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.pgas4j.internal.jfr.SegmentEvent;
import org.pgas4j.internal.memory.Kind;
import org.pgas4j.internal.memory.SegmentMemory;
import org.pgas4j.spi.LocalMemory;
import org.pgas4j.spi.Transport;

/**
 * The segments of one client: creates them (runtime- or client-allocated, of any kind), numbers
 * them, and keeps the live ones so that close frees what the program did not destroy. The
 * client's {@code createSegment} methods check that it is open and delegate here; which endpoint
 * a segment is bound to or published for is {@link ClientEndpoints}' business.
 */
final class ClientSegments {
    private final Client client;
    private final Transport transport;
    private final int jobRank;
    private final AtomicLong ids = new AtomicLong();
    private final Set<Segment> live = ConcurrentHashMap.newKeySet();

    ClientSegments(Client client, Transport transport, int jobRank) {
        this.client = client;
        this.transport = transport;
        this.jobRank = jobRank;
    }

    /** {@link Client#createSegment(MemoryKind, long)} once the client is known to be open. */
    Segment create(MemoryKind kind, long length) {
        Kind k = checkKind(kind);
        if (k == Kind.HOST) {
            long max = transport.maxSegmentSize();
            if (length <= 0 || length > max) {
                throw new BadArgumentException("createSegment: length " + length + " on PE " + jobRank
                        + " is outside (0, " + max + "], the largest segment this host can allocate now");
            }
            return runtimeAllocated(length, false);
        }
        if (length <= 0) {
            throw new BadArgumentException("createSegment: length " + length + " on PE " + jobRank + " of " + k
                    + " must be positive");
        }
        return register(new Segment(client, ids.incrementAndGet(), k, k.allocateSegment(length), null, false, false));
    }

    /** {@link Client#createSegment(MemoryKind, MemorySegment)} once the client is known to be open. */
    Segment create(MemoryKind kind, MemorySegment memory) {
        Kind k = checkKind(kind);
        if (k.isDevice()) {
            throw new BadArgumentException("createSegment on PE " + jobRank + ": " + k + " is device memory; pass a "
                    + "device address and length (createSegment(kind, address, length)), not a host MemorySegment");
        }
        if (memory == null) {
            throw new BadArgumentException("createSegment: memory is null on PE " + jobRank);
        }
        if (memory.byteSize() == 0) {
            throw new BadArgumentException("createSegment: memory is empty (length 0) on PE " + jobRank);
        }
        if (!memory.isNative()) {
            throw new BadArgumentException("createSegment: memory on PE " + jobRank + " is a heap segment; "
                    + "client-allocated segments need native memory (allocate it from an Arena)");
        }
        if (memory.isReadOnly()) {
            throw new BadArgumentException("createSegment: memory on PE " + jobRank + " is read-only; a segment "
                    + "must be readable and writable");
        }
        SegmentMemory m;
        if (k == Kind.HOST) {
            LocalMemory exported = transport.export(memory);
            m = SegmentMemory.ofHost(memory, exported.descriptor(), exported::release);
        } else {
            m = k.wrapMapping(memory);
        }
        return register(new Segment(client, ids.incrementAndGet(), k, m, null, true, false));
    }

    /** {@link Client#createSegment(MemoryKind, long, long)} once the client is known to be open. */
    Segment create(MemoryKind kind, long address, long length) {
        Kind k = checkKind(kind);
        if (!k.isDevice()) {
            throw new BadArgumentException("createSegment on PE " + jobRank + ": " + k + " is host-addressable; pass "
                    + "its memory as a MemorySegment (createSegment(kind, memory)), not an address");
        }
        SegmentMemory m = k.wrapDevice(address, length);
        return register(new Segment(client, ids.incrementAndGet(), k, m, k.bufferHolding(address), true, false));
    }

    /**
     * A runtime-allocated host segment of at least {@code length} bytes, rounded up to the
     * transport's allocation granule; {@code primordial} for the one init attaches.
     */
    Segment runtimeAllocated(long length, boolean primordial) {
        long granule = transport.allocationGranule();
        long rounded = Math.ceilDiv(length, granule) * granule;
        LocalMemory memory = transport.allocate(rounded);
        return register(new Segment(client, ids.incrementAndGet(), Kind.HOST,
                SegmentMemory.ofHost(memory.segment(), memory.descriptor(), memory::release), null, false, primordial));
    }

    /** Whether a live segment was created over {@code b}. */
    boolean uses(DeviceBuffer b) {
        for (Segment s : live) {
            if (s.buffer() == b) {
                return true;
            }
        }
        return false;
    }

    /** Forgets a segment the program destroyed: close no longer frees it. */
    void destroyed(Segment segment) {
        live.remove(segment);
    }

    /** Frees every segment still live: the first step of close's release. */
    void releaseAtClose() {
        for (Segment s : live) {
            s.releaseAtClose();
        }
        live.clear();
    }

    private Segment register(Segment s) {
        s.kindImpl().segmentCreated();
        live.add(s);
        SegmentEvent.emit(jobRank, "create", s.id(), s.kind().toString(), s.size(), s.isClientAllocated());
        return s;
    }

    private Kind checkKind(MemoryKind kind) {
        if (kind == null) {
            throw new BadArgumentException("createSegment on PE " + jobRank + ": kind is null");
        }
        Kind k = (Kind) kind;
        if (k != Kind.HOST && k.client() != client) {
            throw new BadArgumentException("createSegment on PE " + jobRank + ": " + k + " belongs to another client");
        }
        k.checkLive("createSegment");
        return k;
    }
}
