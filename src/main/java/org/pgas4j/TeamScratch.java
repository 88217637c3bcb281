package org.pgas4j;

/**
 * Where a new team's collective scratch lives (seed 000 sections 5.2 and 5.3; seed 004 section
 * 5.3): a region of each member's bound segment, given by offset, that the client must not touch
 * until the team is destroyed, or none. Scratch must be host memory (seed 004 rule 20): a member
 * whose bound segment is of another kind can only be in a team created with {@link #none()}.
 *
 * @param mode which of the seed's {@code GEX_FLAG_TM_*_SCRATCH} flags
 * @param length bytes of each member's region (single-valued over the new team); 0 for NO_SCRATCH
 * @param offsets byte offsets into the bound segments ({@code GEX_FLAG_SCRATCH_SEG_OFFSET}): one for
 *        SYMMETRIC, one per local member for LOCAL, one per member for GLOBAL, none for NO_SCRATCH
 */
public record TeamScratch(Mode mode, long length, long[] offsets) {

    /** The scratch modes. */
    public enum Mode {
        /** {@code GEX_FLAG_TM_SYMMETRIC_SCRATCH}: one offset, the same for every member. */
        SYMMETRIC,
        /** {@code GEX_FLAG_TM_LOCAL_SCRATCH}: each caller gives the offsets of its own members. */
        LOCAL,
        /** {@code GEX_FLAG_TM_GLOBAL_SCRATCH}: every caller gives every member's offset ({@link Team#create} only). */
        GLOBAL,
        /** {@code GEX_FLAG_TM_NO_SCRATCH}: no scratch; collectives on the team are refused. */
        NO_SCRATCH
    }

    /** Copies the offsets. */
    public TeamScratch {
        offsets = offsets == null ? null : offsets.clone();
    }

    /** SYMMETRIC scratch of {@code length} bytes at {@code offset} in every member's bound segment. */
    public static TeamScratch symmetric(long offset, long length) {
        return new TeamScratch(Mode.SYMMETRIC, length, new long[] {offset});
    }

    /** LOCAL scratch: {@code offsets} of this caller's members, in their rank order. */
    public static TeamScratch local(long length, long... offsets) {
        return new TeamScratch(Mode.LOCAL, length, offsets);
    }

    /** GLOBAL scratch: the offset of every member, in rank order. */
    public static TeamScratch global(long length, long... offsets) {
        return new TeamScratch(Mode.GLOBAL, length, offsets);
    }

    /** NO_SCRATCH. */
    public static TeamScratch none() {
        return new TeamScratch(Mode.NO_SCRATCH, 0, new long[0]);
    }

    /** The offsets (a copy). */
    @Override
    public long[] offsets() {
        return offsets == null ? null : offsets.clone();
    }

    /**
     * A member's scratch region, as {@link Team#destroy(boolean)} returns it.
     *
     * @param where the member's endpoint
     * @param offset the region's byte offset in that endpoint's bound segment
     * @param length its length
     */
    public record Region(EndpointLocation where, long offset, long length) {
    }
}
