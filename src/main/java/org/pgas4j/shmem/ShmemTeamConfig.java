package org.pgas4j.shmem;

import org.pgas4j.BadArgumentException;

/**
 * A team's configuration ({@code shmem_team_config_t}): given to
 * {@link ShmemTeam#splitStrided(int, int, int, ShmemTeamConfig, long)} and
 * {@link ShmemTeam#split2d(int, ShmemTeamConfig, long, ShmemTeamConfig, long)} with a mask that says
 * which fields count, and read back by {@link ShmemTeam#getConfig(long)}.
 *
 * <p>{@code num_contexts} is honoured: contexts here are plain objects of the PE (no network
 * resource is reserved per context), so at least that many {@link ShmemTeam#createContext}
 * calls on the team succeed whatever the number, and the team reports the number it was given.
 * A negative number is refused with the reason.
 *
 * @param numContexts {@code num_contexts}: how many contexts the program will create on the team
 */
public record ShmemTeamConfig(int numContexts) {
    /** {@code SHMEM_TEAM_NUM_CONTEXTS}: the mask bit of {@link #numContexts()}. */
    public static final long NUM_CONTEXTS = 1;
    /** The configuration of a team created without one (and of the predefined teams). */
    public static final ShmemTeamConfig DEFAULT = new ShmemTeamConfig(0);

    /**
     * Checks the field.
     *
     * @throws BadArgumentException if {@code numContexts} is negative
     */
    public ShmemTeamConfig {
        if (numContexts < 0) {
            throw new BadArgumentException("ShmemTeamConfig: num_contexts " + numContexts
                    + " is negative; it is the number of contexts the program will create on the team");
        }
    }

    /** The fields of {@code config} that {@code mask} names, the defaults for the others; checks the mask. */
    static ShmemTeamConfig masked(String routine, ShmemTeamConfig config, long mask) {
        if ((mask & ~NUM_CONTEXTS) != 0) {
            throw new BadArgumentException(routine + ": config mask 0x" + Long.toHexString(mask)
                    + " has undefined bits (NUM_CONTEXTS=1)");
        }
        if (mask == 0) {
            return DEFAULT;
        }
        if (config == null) {
            throw new BadArgumentException(routine + ": config mask 0x" + Long.toHexString(mask)
                    + " names fields of a null configuration");
        }
        return config;
    }
}
