package org.pgas4j.gaspi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * GASPI's collectives over groups, all timed: {@code gaspi_barrier}, {@code gaspi_allreduce}
 * (MIN, MAX, SUM over the six datatypes), {@code gaspi_allreduce_user}, and the exchange that
 * commits a group. Each is one {@link Mailboxes} exchange; reductions combine the members'
 * contributions in ascending rank order, so every member computes the same bits.
 */
final class GroupCollectives {
    /** {@code GASPI_ALLREDUCE_ELEM_MAX}. */
    static final int ELEMENTS_MAX = 255;

    private final Mailboxes mailboxes;
    private final Groups groups;
    private final MemorySegment digest;
    private final MemorySegment accumulator;
    private final MemorySegment result;

    GroupCollectives(Mailboxes mailboxes, Groups groups, Arena arena) {
        this.mailboxes = mailboxes;
        this.groups = groups;
        this.digest = arena.allocate(8, 8);
        this.accumulator = arena.allocate(Management.BUFFER, 64);
        this.result = arena.allocate(Management.BUFFER, 64);
    }

    GaspiReturn barrier(int group, long timeout) {
        Group g = groups.member("barrier", group);
        return mailboxes.exchange(g, null, 0, timeout, "barrier");
    }

    /** {@code gaspi_group_commit}: an exchange of membership digests; members that disagree fail. */
    GaspiReturn commit(int group, long timeout, int me) {
        Group g = groups.get("groupCommit", group);
        if (!g.contains(me)) {
            throw new GaspiException(GaspiError.NOT_A_GROUP_MEMBER, "groupCommit: rank " + me + " is not in group "
                    + group + "; add it to the group it commits");
        }
        digest.set(ValueLayout.JAVA_LONG, 0, g.digest());
        GaspiReturn r = mailboxes.exchange(g, digest, 8, timeout, "groupCommit");
        if (r != GaspiReturn.SUCCESS) {
            return r;
        }
        for (int m : g.members) {
            if (mailboxes.contribution(g, m).get(ValueLayout.JAVA_LONG, 0) != g.digest()) {
                throw new GaspiException(GaspiError.GROUP_MISMATCH, "groupCommit: rank " + m + " committed group "
                        + group + " with other members than rank " + me + " did (" + java.util.Arrays.toString(g.members)
                        + "); every member must add the same ranks");
            }
        }
        g.committed = true;
        return GaspiReturn.SUCCESS;
    }

    GaspiReturn allreduce(MemorySegment send, MemorySegment recv, int num, GaspiOperation op, GaspiDatatype type,
                          int group, long timeout) {
        if (op == null || type == null) {
            throw new GaspiException(GaspiError.ERROR, "allreduce: the operation and datatype must not be null");
        }
        int bytes = checkBuffers("allreduce", send, recv, num, type.size());
        Group g = groups.member("allreduce", group);
        GaspiReturn r = mailboxes.exchange(g, send, bytes, timeout, "allreduce");
        if (r != GaspiReturn.SUCCESS) {
            return r;
        }
        MemorySegment.copy(mailboxes.contribution(g, g.members[0]), 0, accumulator, 0, bytes);
        for (int i = 1; i < g.members.length; i++) {
            Reductions.apply(op, type, accumulator, mailboxes.contribution(g, g.members[i]), num);
        }
        MemorySegment.copy(accumulator, 0, recv, 0, bytes);
        return GaspiReturn.SUCCESS;
    }

    GaspiReturn allreduceUser(MemorySegment send, MemorySegment recv, int num, int elementSize,
                              GaspiReduction reduction, int group, long timeout) {
        if (reduction == null) {
            throw new GaspiException(GaspiError.ERROR, "allreduceUser: the reduction is null");
        }
        if (elementSize <= 0) {
            throw new GaspiException(GaspiError.INVALID_SIZE, "allreduceUser: element size " + elementSize
                    + " must be positive");
        }
        int bytes = checkBuffers("allreduceUser", send, recv, num, elementSize);
        Group g = groups.member("allreduceUser", group);
        GaspiReturn r = mailboxes.exchange(g, send, bytes, timeout, "allreduceUser");
        if (r != GaspiReturn.SUCCESS) {
            return r;
        }
        MemorySegment acc = accumulator.asSlice(0, bytes);
        MemorySegment res = result.asSlice(0, bytes);
        MemorySegment.copy(mailboxes.contribution(g, g.members[0]), 0, acc, 0, bytes);
        for (int i = 1; i < g.members.length; i++) {
            reduction.reduce(acc, mailboxes.contribution(g, g.members[i]).asSlice(0, bytes), res, num, elementSize);
            MemorySegment.copy(res, 0, acc, 0, bytes);
        }
        MemorySegment.copy(acc, 0, recv, 0, bytes);
        return GaspiReturn.SUCCESS;
    }

    private static int checkBuffers(String op, MemorySegment send, MemorySegment recv, int num, int elementSize) {
        if (num <= 0 || num > ELEMENTS_MAX || (long) num * elementSize > Management.BUFFER) {
            throw new GaspiException(GaspiError.ALLREDUCE_TOO_LARGE, op + ": " + num + " elements of " + elementSize
                    + " bytes; at most " + ELEMENTS_MAX + " elements and " + Management.BUFFER + " bytes");
        }
        int bytes = num * elementSize;
        if (send == null || recv == null || send.byteSize() < bytes || recv.byteSize() < bytes) {
            throw new GaspiException(GaspiError.OUT_OF_BOUNDS, op + ": the send and receive buffers must hold "
                    + bytes + " bytes (got " + (send == null ? "null" : send.byteSize()) + " and "
                    + (recv == null ? "null" : recv.byteSize()) + ")");
        }
        return bytes;
    }
}
