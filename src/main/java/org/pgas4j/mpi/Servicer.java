package org.pgas4j.mpi;

import java.lang.foreign.MemorySegment;
import org.pgas4j.internal.stats.Stats;

/**
 * Services one request against a servicing buffer ({@code base}, {@code size},
 * {@code disp_unit}): checks that the target range {@code base + target_disp x disp_unit},
 * read as {@code target_count} items of the target datatype, lies inside {@code [0, size)},
 * moves the data (from the request itself when eager, else one RMA between the origin's
 * registered memory and {@code base}), and answers the origin. A request that fails the check is
 * refused: nothing is written, the origin is told why, and the reason is returned.
 */
final class Servicer {
    private final Engine engine;

    Servicer(Engine engine) {
        this.engine = engine;
    }

    /**
     * Services {@code in}; returns null when done, or why it was refused (already sent to the
     * origin).
     */
    String service(Incoming in, MemorySegment base, int dispUnit, Op servicing, int sourceRank) {
        String why = check(in, base.byteSize(), dispUnit, sourceRank);
        if (why != null) {
            engine.notifyFailed(in, servicing.describe() + " refused it: " + why);
            return why;
        }
        long at = in.disp * dispUnit;
        if (Wire.isPutKind(in.kind)) {
            why = put(in, base, at);
            if (why != null) {
                why = Wire.name(in.kind) + " from rank " + sourceRank + " with tag " + in.tag + ": " + why;
                engine.notifyFailed(in, servicing.describe() + " refused it: " + why);
                return why;
            }
            engine.notifyServiced(in);
        } else {
            get(in, base, at);
        }
        if (Stats.ON && engine.stats != null) {
            engine.stats.count(Stats.MPI_SERVICE, in.sourceJob, in.bytes);
        }
        return null;
    }

    private String check(Incoming in, long size, int dispUnit, int sourceRank) {
        long at;
        try {
            at = Math.multiplyExact(in.disp, (long) dispUnit);
        } catch (ArithmeticException e) {
            return req(in, sourceRank) + ": target_disp " + in.disp + " x disp_unit " + dispUnit + " overflows";
        }
        if (in.map.contiguous() && in.targetCount >= 0
                && (in.map.size == 0 || in.targetCount <= Long.MAX_VALUE / in.map.size) && in.bytes == in.targetCount * in.map.size
                && at >= 0 && in.bytes <= size && at <= size - in.bytes) {
            return null; // the common case, without building the span
        }
        long[] span = in.map.span(at, in.targetCount);
        if (span == null || span[0] < 0 || span[1] > size) {
            return req(in, sourceRank) + ": target range [" + (span == null ? "overflow" : span[0] + ", " + span[1])
                    + ") (target_disp " + in.disp + " x disp_unit " + dispUnit + ", " + in.targetCount
                    + " items) is outside the servicing buffer's bounds [0, " + size + ")";
        }
        if (in.bytes != in.targetCount * in.map.size) {
            return req(in, sourceRank) + ": it carries " + in.bytes + " bytes for " + in.targetCount + " items of "
                    + in.map.size + " bytes";
        }
        return null;
    }

    private static String req(Incoming in, int sourceRank) {
        return Wire.name(in.kind) + " from rank " + sourceRank + " with tag " + in.tag;
    }

    private String put(Incoming in, MemorySegment base, long at) {
        if (in.eager()) {
            in.map.unpack(in.data, in.dataAt, in.bytes, base, at, in.targetCount);
            return null;
        }
        if ((in.originMap != null || !in.map.contiguous()) && (in.flags & Wire.CHECKSUM) == 0) {
            vector(true, in, base, at);
            return null;
        }
        if (in.map.contiguous()) {
            engine.rma.get(engine.world, in.sourceJob, in.originOffset, base, at, in.bytes);
            if ((in.flags & Wire.CHECKSUM) != 0 && Issuer.crc(base.asSlice(at, in.bytes)) != in.checksum) {
                return "checked mode: the origin buffer changed between the " + Wire.name(in.kind)
                        + " and its servicing (it must not be touched until the origin's next ACCEPT)";
            }
            return null;
        }
        MemorySegment tmp = MemorySegment.ofArray(new byte[Math.toIntExact(in.bytes)]);
        engine.rma.get(engine.world, in.sourceJob, in.originOffset, tmp, 0, in.bytes);
        if ((in.flags & Wire.CHECKSUM) != 0 && Issuer.crc(tmp) != in.checksum) {
            return "checked mode: the origin buffer changed between the " + Wire.name(in.kind)
                    + " and its servicing (it must not be touched until the origin's next ACCEPT)";
        }
        in.map.unpack(tmp, 0, in.bytes, base, at, in.targetCount);
        return null;
    }

    private void get(Incoming in, MemorySegment base, long at) {
        if (in.eager()) {
            MemorySegment s = engine.scratch;
            in.map.pack(base, at, in.targetCount, s, 0);
            engine.sendGetData(in.sourceJob, s, in.bytes, in.requestId);
            return;
        }
        if (in.originMap != null || !in.map.contiguous()) {
            vector(false, in, base, at);
        } else if (in.map.contiguous()) {
            engine.rma.put(engine.world, in.sourceJob, in.originOffset, base, at, in.bytes);
        } else {
            MemorySegment tmp = MemorySegment.ofArray(new byte[Math.toIntExact(in.bytes)]);
            in.map.pack(base, at, in.targetCount, tmp, 0);
            engine.rma.put(engine.world, in.sourceJob, in.originOffset, tmp, 0, in.bytes);
        }
        engine.notifyServiced(in);
    }

    /**
     * Moves a rendezvous request whose origin or target layout is not contiguous with one vector
     * RMA ({@link org.pgas4j.Vis}): the origin's chunks (one packed chunk, or the origin datatype's
     * runs) against the target datatype's runs in the servicing buffer, no packing on either side.
     */
    private void vector(boolean isPut, Incoming in, MemorySegment base, long at) {
        long[][] remote = in.originMap == null ? new long[][] {{in.originOffset}, {in.bytes}}
                : chunks(in.originMap, in.originOffset, in.bytes / in.originMap.size);
        long[][] local = chunks(in.map, at, in.targetCount);
        if (isPut) {
            engine.client.vis().getVector(engine.world, in.sourceJob, remote[0], remote[1], base, local[0], local[1]);
        } else {
            engine.client.vis().putVector(engine.world, in.sourceJob, remote[0], remote[1], base, local[0], local[1]);
        }
    }

    /** The (offsets, lengths) of {@code count} items of {@code map} from byte {@code at}, in packing order. */
    static long[][] chunks(TypeMap map, long at, long count) {
        int runs = map.offsets.length;
        int n = Math.toIntExact(count * runs);
        long[] offs = new long[n];
        long[] lens = new long[n];
        int k = 0;
        for (long i = 0; i < count; i++) {
            long itemAt = at + i * map.extent;
            for (int r = 0; r < runs; r++) {
                offs[k] = itemAt + map.offsets[r];
                lens[k++] = map.lengths[r];
            }
        }
        return new long[][] {offs, lens};
    }

    /**
     * Delivers a message into {@code count} x {@code type} of {@code buf}; returns the bytes
     * received, or throws {@link MpiException} when it does not fit (the message is consumed).
     */
    long receive(Incoming in, MemorySegment buf, long count, Datatype type, String who, int sourceRank) {
        long capacity = count * type.size();
        long n = Math.min(capacity, in.bytes);
        if (in.eager()) {
            type.map.unpack(in.data, in.dataAt, n, buf, 0, count);
        } else if (n > 0) {
            if (type.isContiguous()) {
                engine.rma.get(engine.world, in.sourceJob, in.originOffset, buf, 0, n);
            } else {
                MemorySegment tmp = MemorySegment.ofArray(new byte[Math.toIntExact(n)]);
                engine.rma.get(engine.world, in.sourceJob, in.originOffset, tmp, 0, n);
                type.map.unpack(tmp, 0, n, buf, 0, count);
            }
        }
        engine.notifyServiced(in);
        if (Stats.ON && engine.stats != null) {
            engine.stats.count(Stats.MPI_RECV, in.sourceJob, n);
        }
        if (in.bytes > capacity) {
            throw new MpiException(who + ": the message from rank " + sourceRank + " with tag " + in.tag + " has "
                    + in.bytes + " bytes but the receive buffer holds " + capacity + " (" + count + " x " + type
                    + "); it was truncated");
        }
        return n;
    }
}
