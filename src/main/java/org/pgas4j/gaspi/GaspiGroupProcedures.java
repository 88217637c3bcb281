package org.pgas4j.gaspi;

/**
 * The group procedures of {@link Gaspi} ({@code gaspi_group_*}), each a call into {@link Groups}
 * or (commit) {@link GroupCollectives}; the collectives themselves (barrier, allreduce) are
 * declared in {@link Gaspi} itself, so that the hot path has no visibility bridge (one more
 * inlining level). The root of Gaspi's class chain ({@code GaspiGroupProcedures <-
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
}
