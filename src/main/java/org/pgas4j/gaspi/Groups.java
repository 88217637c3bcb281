package org.pgas4j.gaspi;

import java.util.ArrayList;
import java.util.List;

/**
 * The group table of one rank ({@code gaspi_group_*}): {@link Gaspi#GROUP_ALL} (id 0, every
 * rank, committed at init) and the groups created since. Ids are handed out in creation order
 * and not reused, so ranks that create their groups in the same order agree on the ids, and a
 * group's collective mailboxes never hold a former group's epochs.
 */
final class Groups {
    private final Group[] groups;
    private final int me;
    private int next;
    private int live;

    Groups(int max, int ranks, int me) {
        this.groups = new Group[max];
        this.me = me;
        Group all = new Group(0);
        for (int r = 0; r < ranks; r++) {
            all.add(r);
        }
        all.committed = true;
        groups[0] = all;
        next = 1;
        live = 1;
    }

    int max() {
        return groups.length;
    }

    int count() {
        return live;
    }

    /** {@code gaspi_group_create}: an empty group. */
    int create() {
        if (next >= groups.length) {
            throw new GaspiException(GaspiError.TOO_MANY_GROUPS, "groupCreate: " + groups.length
                    + " groups were created on rank " + me + ", the maximum (pgas4j.gaspi.groups.max; ids are not reused)");
        }
        groups[next] = new Group(next);
        live++;
        return next++;
    }

    /** The live group {@code id}, or INVALID_GROUP. */
    Group get(String op, int id) {
        if (id < 0 || id >= groups.length || groups[id] == null) {
            throw new GaspiException(GaspiError.INVALID_GROUP, op + ": group " + id + " does not exist on rank " + me);
        }
        return groups[id];
    }

    /** {@code gaspi_group_add}. */
    void add(int id, int rank, int ranks) {
        Group g = get("groupAdd", id);
        if (rank < 0 || rank >= ranks) {
            throw new GaspiException(GaspiError.INVALID_RANK, "groupAdd: rank " + rank + " is outside [0, " + ranks + ")");
        }
        if (g.committed) {
            throw new GaspiException(GaspiError.GROUP_MEMBERSHIP, "groupAdd: group " + id + " is committed; its "
                    + "members cannot change");
        }
        if (g.contains(rank)) {
            throw new GaspiException(GaspiError.GROUP_MEMBERSHIP, "groupAdd: rank " + rank + " is already in group " + id);
        }
        g.add(rank);
    }

    /** {@code gaspi_group_delete}; GROUP_ALL stays. */
    void delete(int id) {
        get("groupDelete", id);
        if (id == Gaspi.GROUP_ALL) {
            throw new GaspiException(GaspiError.INVALID_GROUP, "groupDelete: GASPI_GROUP_ALL cannot be deleted");
        }
        groups[id] = null;
        live--;
    }

    /** A committed group with this rank in it, or the error saying why not. */
    Group member(String op, int id) {
        Group g = get(op, id);
        if (!g.committed) {
            throw new GaspiException(GaspiError.NOT_A_GROUP_MEMBER, op + ": group " + id + " is not committed");
        }
        if (!g.contains(me)) {
            throw new GaspiException(GaspiError.NOT_A_GROUP_MEMBER, op + ": rank " + me + " is not in group " + id);
        }
        return g;
    }

    /** The live group ids. */
    List<Integer> ids() {
        List<Integer> out = new ArrayList<>();
        for (Group g : groups) {
            if (g != null) {
                out.add(g.id);
            }
        }
        return out;
    }
}
