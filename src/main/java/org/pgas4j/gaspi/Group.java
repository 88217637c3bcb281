package org.pgas4j.gaspi;

import java.util.Arrays;

/**
 * One GASPI group on this rank: its members (job ranks, ascending), whether it is committed, and
 * the state of its collectives (the epoch of the last one started, and whether it is still in
 * progress after a TIMEOUT, so that the re-call resumes it instead of starting another).
 */
final class Group {
    final int id;
    int[] members = new int[0];
    boolean committed;
    long epoch;
    boolean inProgress;

    Group(int id) {
        this.id = id;
    }

    boolean contains(int rank) {
        return Arrays.binarySearch(members, rank) >= 0;
    }

    void add(int rank) {
        int at = Arrays.binarySearch(members, rank);
        int pos = -at - 1;
        int[] m = new int[members.length + 1];
        System.arraycopy(members, 0, m, 0, pos);
        m[pos] = rank;
        System.arraycopy(members, pos, m, pos + 1, members.length - pos);
        members = m;
    }

    /** A digest of the membership that every member must agree on at commit. */
    long digest() {
        long h = 1469598103934665603L ^ members.length;
        for (int r : members) {
            h = (h ^ r) * 1099511628211L;
        }
        return h;
    }
}
