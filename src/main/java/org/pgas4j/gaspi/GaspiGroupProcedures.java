package org.pgas4j.gaspi;

import java.lang.foreign.MemorySegment;

/**
 * The group and collective procedures of {@link Gaspi} ({@code gaspi_group_*},
 * {@code gaspi_barrier}, {@code gaspi_allreduce}), each a call into {@link Groups} or
 * {@link GroupCollectives}. The root of Gaspi's class chain ({@code GaspiGroupProcedures <-
 * GaspiSegmentProcedures <- Gaspi}, each sealed to the next): the open check is the one
 * implementation of {@link #checkOpen}, in {@link Gaspi}, so calls to it bind statically.
 */
abstract sealed class GaspiGroupProcedures permits GaspiSegmentProcedures {
    final Groups groups;
    final GroupCollectives collectives;
    /** This rank and the number of ranks. */
    final int myRank;
    private final int rankCount;

    GaspiGroupProcedures(Groups groups, GroupCollectives collectives, int rank, int ranks) {
        this.groups = groups;
        this.collectives = collectives;
        this.myRank = rank;
        this.rankCount = ranks;
    }

    /** Throws NOT_INITIALIZED once GASPI was terminated on this rank. */
    abstract void checkOpen(String op);

    /** {@code gaspi_group_create}: an empty group; ranks that create groups in the same order get the same ids. */
    public int groupCreate() {
        checkOpen("groupCreate");
        return groups.create();
    }

    /** {@code gaspi_group_add}. */
    public void groupAdd(int group, int rank) {
        checkOpen("groupAdd");
        groups.add(group, rank, rankCount);
    }

    /** {@code gaspi_group_commit}: collective over the group's members, which must have added the same ranks. */
    public GaspiReturn groupCommit(int group, long timeout) {
        checkOpen("groupCommit");
        return collectives.commit(group, timeout, myRank);
    }

    /** {@code gaspi_group_delete}. */
    public void groupDelete(int group) {
        checkOpen("groupDelete");
        groups.delete(group);
    }

    /** {@code gaspi_group_size}. */
    public int groupSize(int group) {
        return groups.get("groupSize", group).members.length;
    }

    /** {@code gaspi_group_ranks}: the members, ascending. */
    public int[] groupRanks(int group) {
        return groups.get("groupRanks", group).members.clone();
    }

    /** {@code gaspi_group_num}: live groups. */
    public int groupNum() {
        return groups.count();
    }

    /** {@code gaspi_group_max}. */
    public int groupMax() {
        return groups.max();
    }

    /** {@code gaspi_barrier}: collective over {@code group}; on TIMEOUT call again to complete it. */
    public GaspiReturn barrier(int group, long timeout) {
        checkOpen("barrier");
        return collectives.barrier(group, timeout);
    }

    /**
     * {@code gaspi_allreduce}: combines {@code num} elements (at most 255) of {@code type} from
     * every member's {@code send} with {@code op} into every member's {@code recv}.
     */
    public GaspiReturn allreduce(MemorySegment send, MemorySegment recv, int num, GaspiOperation op,
                                 GaspiDatatype type, int group, long timeout) {
        checkOpen("allreduce");
        return collectives.allreduce(send, recv, num, op, type, group, timeout);
    }

    /** {@code gaspi_allreduce_user}: as {@code allreduce} with the application's reduction. */
    public GaspiReturn allreduceUser(MemorySegment send, MemorySegment recv, int num, int elementSize,
                                     GaspiReduction reduction, int group, long timeout) {
        checkOpen("allreduceUser");
        return collectives.allreduceUser(send, recv, num, elementSize, reduction, group, timeout);
    }

    /** {@code gaspi_allreduce_elem_max}. */
    public int allreduceElemMax() {
        return GroupCollectives.ELEMENTS_MAX;
    }
}
