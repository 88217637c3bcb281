package org.pgas4j.mpi;

import java.lang.foreign.MemorySegment;
import java.util.zip.CRC32;
import org.pgas4j.BadArgumentException;
import org.pgas4j.ResourceException;
import org.pgas4j.internal.stats.Stats;

/**
 * The origin side: checks a PUT, GET or message, then issues it as one {@link Wire#REQUEST}.
 * Data of at most {@link Engine#eagerLimit} bytes travels in the message; larger data lies packed
 * in registered memory for the servicer's one RMA: the origin buffer itself when it lies in
 * {@link Mpi#rmaMalloc} memory (zero copy: the servicer gathers or scatters a non-contiguous
 * origin type's chunks with one VIS call), else a staging area.
 */
final class Issuer {
    /** The most chunks a request with {@link Wire#ORIGIN_LAYOUT} makes the servicer move; more are staged. */
    static final long MAX_VIS_CHUNKS = 1 << 16;
    private final Engine engine;
    private final int[] args = new int[Wire.ARGS];

    Issuer(Engine engine) {
        this.engine = engine;
    }

    /** Issues a PUT-family or GET-family request; everything is checked before anything is sent. */
    void request(int kind, Comm c, Object buf, long count, Datatype otype, int targetRank, long disp, long tcount,
                 Datatype ttype, int tag, String opName) {
        String op = opName; // messages name the rank and communicator too, built only when thrown
        engine.checkOpen(op);
        checkTag(op, c, tag);
        c.checkRank(op, "target_rank", targetRank);
        if (ttype == null) {
            throw new BadArgumentException(who(op, c) + ": target_datatype is null");
        }
        if (disp < 0 || tcount < 0) {
            throw new BadArgumentException(who(op, c) + " to rank " + targetRank + " with tag " + tag + ": target_disp "
                    + disp + " and target_count " + tcount + " must not be negative");
        }
        // A PUT from or GET into a primitive array of a contiguous type is checked without a
        // segment of the array; a compact PUT then copies straight from it, and an eager GET's
        // data is copied straight into it (send makes the segment otherwise).
        Object array = kind != Wire.MESSAGE && Buffers.arrayFits(buf, count, otype) ? buf : null;
        MemorySegment ob = array != null ? null : Buffers.of(buf, count, otype, op, c);
        if (!Signatures.match(count, otype, tcount, ttype)) {
            throw new BadArgumentException(who(op, c) + " to rank " + targetRank + " with tag " + tag + ": " + count + " x "
                    + otype + " (" + count * otype.size() + " bytes) and " + tcount + " x " + ttype + " ("
                    + tcount * ttype.size() + " bytes) do not carry the same sequence of primitive elements");
        }
        if (!(ttype.map.contiguous() && ttype.map.extent > 0 && tcount <= Long.MAX_VALUE / ttype.map.extent)
                && ttype.map.span(0, tcount) == null) {
            throw new BadArgumentException(who(op, c) + ": target_count " + tcount + " x " + ttype + " overflows");
        }
        long bytes = count * otype.size();
        boolean isGet = Wire.isGetKind(kind);
        int epoch = c.epochForIssue(tag, kind, targetRank);
        send(kind, c, ob, array, count, otype, targetRank, disp, tcount, ttype.map, tag, epoch, bytes, isGet, op);
    }

    /** Issues a message of {@code count} x {@code type} from {@code buf}; complete (buffer reusable) on return. */
    void message(Comm c, Object buf, long count, Datatype type, int dest, int tag, String opName) {
        String op = opName;
        engine.checkOpen(op);
        checkTag(op, c, tag);
        c.checkRank(op, "dest", dest);
        MemorySegment ob = Buffers.of(buf, count, type, op, c);
        send(Wire.MESSAGE, c, ob, null, count, type, dest, 0, 0, null, tag, 0, count * type.size(), false, op);
    }

    /** "{@code op} on rank R of COMM", for messages. */
    static String who(String op, Comm c) {
        return c == null ? op : op + " on rank " + c.rank() + " of " + c.name();
    }

    static void checkTag(String op, Comm c, int tag) {
        if (tag < 0) {
            throw new BadArgumentException(who(op, c) + ": tag " + tag + " is negative (tags are 0 or more; ANY_TAG only "
                    + "matches in recv and probe)");
        }
    }

    /**
     * Composes and sends a request of {@code count} x {@code otype} from {@code ob}, or from
     * {@code array} when {@code ob} is null (a primitive array {@link Buffers#arrayFits} accepted).
     */
    private void send(int kind, Comm c, MemorySegment ob, Object array, long count, Datatype otype, int target,
                      long disp, long tcount, TypeMap tmap, int tag, int epoch, long bytes, boolean isGet, String op) {
        MemorySegment s = engine.scratch;
        int mapBytes = tmap == null ? 0 : tmap.encodedBytes();
        boolean eager = bytes <= engine.eagerLimit;
        int extent = tmap == null ? 0 : tmap.primitiveExtent();
        // A small PUT of primitives (the commonest request) travels compact: the displacement and
        // the data, the target type in the flags; with the mailbox's header that is one cache
        // line for up to 8 bytes of data.
        boolean compact = eager && Wire.isPutKind(kind) && extent > 0 && otype.isContiguous();
        if (ob == null && !compact && !(eager && isGet)) {
            ob = Buffers.view(array); // only a compact PUT and an eager GET use the array itself
        }
        long limit = s.byteSize() - Wire.CHECKSUM_BYTES - (isGet || !eager ? 0 : bytes);
        if (Wire.HEADER_BYTES + mapBytes > limit) {
            throw new BadArgumentException(who(op, c) + ": the target datatype " + tcount + " x " + tmap.offsets.length
                    + " runs is too large to describe in one request; use a simpler datatype");
        }
        long staging = -1;
        long originOffset = -1;
        int flags = eager ? Wire.EAGER : Wire.RENDEZVOUS;
        long checksum = 0;
        if (!eager) {
            long reg = engine.registeredOffset(ob);
            if (reg >= 0 && !otype.isContiguous() && otype.size() > 0
                    && Wire.HEADER_BYTES + mapBytes + Wire.CHECKSUM_BYTES + otype.map.encodedBytes() <= s.byteSize()
                    && (long) count * otype.map.offsets.length <= MAX_VIS_CHUNKS) {
                originOffset = reg; // the servicer gathers (scatters) the origin's chunks itself
                flags |= Wire.ORIGIN_LAYOUT;
            } else if (reg >= 0 && otype.isContiguous()) {
                originOffset = reg;
                if (engine.checked && !isGet) {
                    flags |= Wire.CHECKSUM;
                    checksum = crc(ob.asSlice(0, bytes));
                }
            } else {
                staging = engine.heap.allocate(bytes);
                if (staging < 0) {
                    throw new ResourceException(who(op, c) + ": no room to stage " + bytes + " bytes in the registered memory "
                            + "(largest free range " + engine.heap.largestFree() + " bytes of "
                            + engine.heap.capacity() + "; pgas4j.mpi.rma.size)");
                }
                originOffset = staging;
                if (!isGet) {
                    otype.map.pack(ob, 0, count, engine.registered, staging);
                }
            }
        }
        int id = 0;
        if (kind != Wire.MESSAGE || staging >= 0) {
            OriginRecord r = engine.origins.obtain().set(kind, c.id, c.name(), tag, epoch, target, staging,
                    isGet ? ob : null, isGet && ob == null ? array : null, otype.map, count, bytes);
            id = engine.origins.add(r);
        }
        if (compact) {
            flags |= Wire.COMPACT | extent << Wire.EXTENT_SHIFT;
        }
        // Compose the request where it goes: straight into the target's mailbox slot when one is
        // free (one copy of the data), else in the scratch area for sendRequest.
        long length = compact ? Wire.COMPACT_HEADER_BYTES + bytes
                : Wire.HEADER_BYTES + mapBytes + ((flags & Wire.CHECKSUM) != 0 ? Wire.CHECKSUM_BYTES : 0)
                + ((flags & Wire.ORIGIN_LAYOUT) != 0 ? otype.map.encodedBytes() : 0) + (eager && !isGet ? bytes : 0);
        int targetJob = c.jobRankOf(target);
        Mailbox box = engine.mailbox;
        long slot = box == null ? -1 : box.claim(targetJob, length);
        MemorySegment m = slot >= 0 ? box.view(targetJob) : s;
        long at0 = slot >= 0 ? slot + Mailbox.HEADER : 0;
        m.set(Wire.LONG, at0, disp);
        if (compact) {
            if (ob == null) {
                Buffers.copyArray(array, m, at0 + Wire.COMPACT_HEADER_BYTES, bytes);
            } else {
                otype.map.pack(ob, 0, count, m, at0 + Wire.COMPACT_HEADER_BYTES);
            }
            sendComposed(kind, c, tag, target, targetJob, epoch, id, flags, box, slot, s, length);
            countIssued(kind, targetJob, bytes, isGet);
            return;
        }
        m.set(Wire.LONG, at0 + 8, tcount);
        m.set(Wire.LONG, at0 + 16, bytes);
        m.set(Wire.LONG, at0 + 24, originOffset);
        long at = at0 + Wire.HEADER_BYTES;
        if (tmap != null) {
            at = tmap.writeTo(m, at);
        }
        if ((flags & Wire.CHECKSUM) != 0) {
            m.set(Wire.LONG, at, checksum);
            at += Wire.CHECKSUM_BYTES;
        }
        if ((flags & Wire.ORIGIN_LAYOUT) != 0) {
            at = otype.map.writeTo(m, at);
        }
        if (eager && !isGet) {
            otype.map.pack(ob, 0, count, m, at);
        }
        sendComposed(kind, c, tag, target, targetJob, epoch, id, flags, box, slot, s, length);
        countIssued(kind, targetJob, bytes, isGet);
    }

    /**
     * Sends a request composed in the mailbox slot {@code slot} of {@code targetJob} (when not
     * -1), else in {@code scratch}: its arguments, then the slot's publication or an active message.
     */
    private void sendComposed(int kind, Comm c, int tag, int target, int targetJob, int epoch, int id, int flags, Mailbox box,
                              long slot, MemorySegment scratch, long length) {
        int[] args = this.args;
        args[0] = kind;
        args[1] = c.id;
        args[2] = tag;
        args[3] = c.nextSeq(target);
        args[4] = epoch;
        args[5] = id;
        args[6] = flags;
        if (slot >= 0) {
            box.publish(targetJob, slot, Wire.REQUEST, args, Wire.ARGS, length);
            return;
        }
        try {
            engine.sendRequest(targetJob, scratch, length, args);
        } catch (RuntimeException e) {
            if (id != 0) {
                engine.origins.abandon(id);
            }
            throw e;
        }
    }

    private void countIssued(int kind, int targetJob, long bytes, boolean isGet) {
        if (Stats.ON && engine.stats != null) {
            engine.stats.count(kind == Wire.MESSAGE ? Stats.MPI_SEND : isGet ? Stats.MPI_GET : Stats.MPI_PUT,
                    targetJob, bytes);
        }
    }

    static long crc(MemorySegment m) {
        CRC32 crc = new CRC32();
        crc.update(m.asByteBuffer());
        return crc.getValue();
    }
}
