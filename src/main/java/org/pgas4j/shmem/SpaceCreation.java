package org.pgas4j.shmem;

/**
 * What {@link Shmem#spaceCreate} returns on one PE: the seed's status plus its two out-arguments.
 * On success a member PE gets a valid space and team, a non-member PE gets
 * {@link MemorySpace#INVALID} and {@link ShmemTeam#INVALID}; on failure every PE gets a nonzero
 * status, the invalid handles and the reason.
 *
 * @param status 0 on success, nonzero on failure (the same on every PE)
 * @param space the new space, or {@link MemorySpace#INVALID}
 * @param team the space-associated team, or {@link ShmemTeam#INVALID}
 * @param reason why creation failed, or null on success
 */
public record SpaceCreation(int status, MemorySpace space, ShmemTeam team, String reason) {
    /** Whether creation succeeded (status 0). */
    public boolean succeeded() {
        return status == 0;
    }

    /** Whether this PE is a member of the new space (valid handles). */
    public boolean isMember() {
        return space.isValid();
    }
}
