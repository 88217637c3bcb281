package org.pgas4j.shmem;

import org.pgas4j.Team;

/**
 * An OpenSHMEM team ({@code shmem_team_t}): an ordered set of PEs numbered 0 to
 * {@link #nPes()} - 1. The predefined teams are {@link Shmem#teamWorld()} and
 * {@link Shmem#teamShared()}; a space's team comes from {@link Shmem#spaceCreate}; the rest are
 * split from those. PEs outside a split get {@link #INVALID}. Collectives are in
 * {@link ShmemCollectives} ({@link Shmem#collectives()}).
 */
public final class ShmemTeam {
    /** {@code SHMEM_TEAM_INVALID}. */
    public static final ShmemTeam INVALID = new ShmemTeam(null, null, null, "SHMEM_TEAM_INVALID", false);

    private final Shmem owner;
    private final Team core;
    private final MemorySpace space;     // the space whose team this is or derives from; null: the world's
    private final String name;
    private final boolean predefined;
    private boolean destroyed;
    /** What it was created with ({@link #getConfig}). */
    private ShmemTeamConfig config = ShmemTeamConfig.DEFAULT;

    ShmemTeam(Shmem owner, Team core, MemorySpace space, String name, boolean predefined) {
        this.owner = owner;
        this.core = core;
        this.space = space;
        this.name = name;
        this.predefined = predefined;
    }

    /** Whether this handle names a live team ({@code shmem_team_is_valid}... and not destroyed). */
    public boolean isValid() {
        return this != INVALID && !destroyed;
    }

    /** This PE's number in the team ({@code shmem_team_my_pe}); -1 for {@link #INVALID}. */
    public int myPe() {
        return isValid() ? core.rank() : -1;
    }

    /** The number of PEs in the team ({@code shmem_team_n_pes}); -1 for {@link #INVALID}. */
    public int nPes() {
        return isValid() ? core.size() : -1;
    }

    /**
     * The number in {@code dest} of PE {@code pe} of this team ({@code shmem_team_translate_pe}),
     * or -1 when that PE is not in {@code dest}, either team is invalid, or {@code pe} is out of range.
     */
    public int translatePe(int pe, ShmemTeam dest) {
        if (!isValid() || dest == null || !dest.isValid() || pe < 0 || pe >= core.size()) {
            return -1;
        }
        int jobRank = core.jobRankOf(pe);
        for (int r = 0; r < dest.core.size(); r++) {
            if (dest.core.jobRankOf(r) == jobRank) {
                return r;
            }
        }
        return -1;
    }

    /**
     * Collective over this team ({@code shmem_team_split_strided}): a new team of the PEs
     * {@code start, start + stride, ...} ({@code size} of them); other PEs get {@link #INVALID}.
     * A team split from a space's team belongs to that space: it must be destroyed before the space.
     *
     * @throws org.pgas4j.BadArgumentException on every PE when the triplet is invalid or differs between PEs
     */
    public ShmemTeam splitStrided(int start, int stride, int size) {
        check("splitStrided");
        return derived(core.splitStrided(start, stride, size), name + ".strided(" + start + "," + stride + ","
                + size + ")");
    }

    /**
     * Collective over this team ({@code shmem_team_split_2d}): PEs fill a grid of rows of
     * {@code xRange} PEs; returns this PE's row team (x axis) and column team (y axis).
     */
    public Split2d split2d(int xRange) {
        check("split2d");
        Team.Split2d teams = core.split2d(xRange);
        return new Split2d(derived(teams.xAxis(), name + ".x"), derived(teams.yAxis(), name + ".y"));
    }

    /**
     * {@link #splitStrided(int, int, int)} with a configuration ({@code shmem_team_split_strided}'s
     * {@code config} and {@code config_mask}); see {@link ShmemTeamConfig} for what each field does.
     *
     * @throws org.pgas4j.BadArgumentException for undefined mask bits or a null configuration with a nonzero mask
     */
    public ShmemTeam splitStrided(int start, int stride, int size, ShmemTeamConfig config, long configMask) {
        ShmemTeamConfig c = ShmemTeamConfig.masked("splitStrided", config, configMask);
        return configured(splitStrided(start, stride, size), c);
    }

    /**
     * {@link #split2d(int)} with a configuration for each new team ({@code shmem_team_split_2d}'s
     * {@code xaxis_config}, {@code yaxis_config} and their masks).
     */
    public Split2d split2d(int xRange, ShmemTeamConfig xConfig, long xMask, ShmemTeamConfig yConfig, long yMask) {
        ShmemTeamConfig x = ShmemTeamConfig.masked("split2d", xConfig, xMask);
        ShmemTeamConfig y = ShmemTeamConfig.masked("split2d", yConfig, yMask);
        Split2d teams = split2d(xRange);
        return new Split2d(configured(teams.xAxis(), x), configured(teams.yAxis(), y));
    }

    /**
     * {@code shmem_team_get_config}: the fields {@code configMask} names of the configuration the
     * team was created with (the defaults for the others, and for the predefined teams).
     *
     * @throws IllegalStateException for {@link #INVALID} or a destroyed team
     * @throws org.pgas4j.BadArgumentException for undefined mask bits
     */
    public ShmemTeamConfig getConfig(long configMask) {
        check("getConfig");
        return ShmemTeamConfig.masked("getConfig", config, configMask);
    }

    private static ShmemTeam configured(ShmemTeam team, ShmemTeamConfig c) {
        if (team != INVALID) {
            team.config = c;
        }
        return team;
    }

    /**
     * The teams of {@link #split2d}.
     *
     * @param xAxis this PE's row, ranked by column
     * @param yAxis this PE's column, ranked by row
     */
    public record Split2d(ShmemTeam xAxis, ShmemTeam yAxis) {
    }

    /** Collective over this team ({@code shmem_team_sync}): returns once every PE of the team has called it. */
    public void sync() {
        check("sync");
        core.barrier();
        owner().countCollective(0);
    }

    /**
     * Collective ({@code shmem_team_destroy}): destroys the team. Destroying a predefined team
     * is undefined in OpenSHMEM and refused here; destroying {@link #INVALID} does nothing.
     */
    public void destroy() {
        if (this == INVALID) {
            return;
        }
        check("destroy");
        if (predefined) {
            throw new IllegalStateException("destroy: " + name + " is a predefined team and cannot be destroyed");
        }
        owner.quietAllContextsOf(this);
        if (space != null && space.team == this) {
            core.barrier(); // the space owns the core team; it goes with the space
        } else {
            core.destroy();
        }
        destroyed = true;
        owner.retireContextsOf(this);
        if (space != null) {
            space.liveTeams--;
        }
    }

    /**
     * Creates a communication context on this team ({@code shmem_team_create_ctx}); PE numbers
     * of its operations are numbers in this team.
     *
     * @param options a bitwise OR of {@link ShmemContext#SERIALIZED}, {@link ShmemContext#PRIVATE},
     *        {@link ShmemContext#NOSTORE}
     */
    public ShmemContext createContext(int options) {
        check("createContext");
        return owner.newContext(this, options);
    }

    /** The team's name, for messages. */
    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return "ShmemTeam[" + name + (isValid() ? ", PE " + core.rank() + " of " + core.size() : "")
                + (destroyed ? ", destroyed" : "") + "]";
    }

    /** Whether the team is valid and not destroyed (the hot paths' cheap form of {@link #check}). */
    boolean usable() {
        return this != INVALID && !destroyed;
    }

    Team core() {
        return core;
    }

    Shmem owner() {
        return owner;
    }

    /** The space this team belongs to, or null for teams derived from the world. */
    MemorySpace space() {
        return space;
    }

    /** Whether every PE of this team is a member of {@code s}. */
    boolean isWithin(MemorySpace s) {
        if (s.isWorldAccessible()) {
            return true;
        }
        for (int r = 0; r < core.size(); r++) {
            if (!s.hasMember(core.jobRankOf(r))) {
                return false;
            }
        }
        return true;
    }

    void check(String routine) {
        if (this == INVALID) {
            throw new IllegalStateException(routine + ": the team is SHMEM_TEAM_INVALID");
        }
        if (destroyed) {
            throw new IllegalStateException(routine + ": " + name + " has been destroyed");
        }
        owner.checkOpen(routine);
    }

    private ShmemTeam derived(Team team, String childName) {
        if (team == null) {
            return INVALID;
        }
        if (space != null) {
            space.liveTeams++;
        }
        return new ShmemTeam(owner, team, space, childName, false);
    }
}
