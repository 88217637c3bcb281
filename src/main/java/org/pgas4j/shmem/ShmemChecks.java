package org.pgas4j.shmem;

import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.ReduceOp;
import org.pgas4j.Team;

/**
 * The argument checks the facade shares, each failure with its own message naming the routine
 * and the PE: objects and spaces live and of this PE, counts, whole allocations, comparison
 * values, and (checked mode) collective arguments identical on every PE.
 */
final class ShmemChecks {
    private final Shmem shmem;
    private final Client client;

    ShmemChecks(Shmem shmem, Client client) {
        this.shmem = shmem;
        this.client = client;
    }

    /** Checks that {@code object} is a live object of this PE. */
    void checkObject(String routine, SymmetricArray object) {
        if (object == null) {
            throw new BadArgumentException(routine + ": the symmetric object is null on PE " + shmem.myPe());
        }
        object.checkLive(routine);
        MemorySpace s = object.allocation().space;
        if (s.owner() != shmem) {
            throw new IllegalStateException(routine + ": " + object + " belongs to another PE's OpenSHMEM "
                    + "(PE " + s.owner().myPe() + "), not PE " + shmem.myPe() + "'s");
        }
        if (s.destroyed) {
            throw new IllegalStateException(routine + ": " + object + " is in a destroyed space");
        }
    }

    /** Checks that {@code space} is a live space of this PE. */
    void checkSpace(String routine, MemorySpace space) {
        if (space == null) {
            throw new BadArgumentException(routine + ": the space is null on PE " + shmem.myPe());
        }
        space.check(routine);
        if (space.owner() != shmem) {
            throw new IllegalStateException(routine + ": the space handle belongs to PE " + space.owner().myPe()
                    + ", not PE " + shmem.myPe() + " (a PE that is not a member of a space has only "
                    + "SHMEM_SPACE_INVALID)");
        }
    }

    void checkCount(String routine, long count) {
        if (count < 0) {
            throw new BadArgumentException(routine + ": count " + count + " on PE " + shmem.myPe() + " is negative");
        }
    }

    /** Checks that {@code object} is live, was allocated from {@code space} and is not a slice. */
    void checkWholeAllocation(String routine, SymmetricArray object, MemorySpace space) {
        checkObject(routine, object);
        if (object.allocation().space != space) {
            throw new IllegalStateException(routine + ": " + object + " was allocated from "
                    + object.allocation().space.describe() + ", not from " + space.describe()
                    + " (memory must be freed through the space it came from)");
        }
        if (!object.isWholeAllocation()) {
            throw new IllegalStateException(routine + ": " + object + " is a slice; pass the object the "
                    + "allocation returned");
        }
    }

    /** The comparison values of a vector wait or test: one per element of {@code ivars}. */
    static long[] checkValues(SymmetricArray ivars, long[] values) {
        if (values == null || ivars != null && values.length < ivars.length()) {
            throw new BadArgumentException("the comparison values (" + (values == null ? "null" : values.length
                    + " of them") + ") do not cover " + ivars);
        }
        return values;
    }

    /**
     * Checked mode: every PE of {@code team} passed the same {@code values}; throws on every PE
     * otherwise, naming the routine and the ranges seen.
     */
    void symmetric(String routine, Team team, long... values) {
        int n = values.length;
        long[] both = new long[2 * n];
        for (int i = 0; i < n; i++) {
            both[i] = values[i];
            both[n + i] = -values[i];
        }
        long[] max = new long[2 * n];
        client.collectives().allreduce(team, max, both, ReduceOp.MAX);
        for (int i = 0; i < n; i++) {
            if (max[i] != -max[n + i]) {
                throw new IllegalStateException(routine + ": argument " + (i + 1) + " differs between the PEs of "
                        + team.name() + " (from " + (-max[n + i]) + " to " + max[i] + "; PE " + shmem.myPe()
                        + " passed " + values[i] + "): the call is collective and its arguments must be identical");
            }
        }
    }
}
