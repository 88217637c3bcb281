package org.pgas4j.mpi;

import java.util.List;
import org.pgas4j.Setting;
import org.pgas4j.Settings;

/** The MPI facade's settings, in the core's {@link Setting} form. */
public final class MpiSettings {
    /** Bytes of each process's registered memory: {@link Mpi#rmaMalloc} and the staging of requests. */
    public static final Setting<Long> RMA_SIZE = new Setting<>("pgas4j.mpi.rma.size", "PGAS4J_MPI_RMA_SIZE", "64m",
            "bytes of each process's registered memory in the MPI facade (rmaMalloc and staging; k, m, g suffixes)",
            text -> {
                long v = Settings.parseSize(text);
                if (v < 65536) {
                    throw new IllegalArgumentException(v + " is below the minimum of 65536");
                }
                return v;
            });

    /** Requests carrying at most this many data bytes travel inside their active message. */
    public static final Setting<Long> EAGER_LIMIT = new Setting<>("pgas4j.mpi.eager", "PGAS4J_MPI_EAGER", "8k",
            "MPI facade: requests with at most this many data bytes carry them in the request message; larger ones "
                    + "are moved by one RMA from or to registered memory (at most 64k)",
            text -> {
                long v = Settings.parseSize(text);
                if (v > 65536) {
                    throw new IllegalArgumentException(v + " is above the maximum of 65536");
                }
                return v;
            });

    /**
     * Whether small requests and answers between processes whose memory the core maps travel
     * through per-pair rings in the registered memory (the shared-memory fast path) rather than
     * as active messages.
     */
    public static final Setting<Boolean> MAILBOX = new Setting<>("pgas4j.mpi.mailbox", "PGAS4J_MPI_MAILBOX", "true",
            "MPI facade: small requests and answers to processes whose memory is mapped (shm, local, a host's PEs on "
                    + "hybrid) go through per-pair rings in the registered memory instead of active messages",
            text -> switch (text) {
                case "true" -> true;
                case "false" -> false;
                default -> throw new IllegalArgumentException("'" + text + "' is neither true nor false");
            });

    /** The first of the four active-message handler indices the facade registers. */
    public static final Setting<Integer> AM_BASE = new Setting<>("pgas4j.mpi.am.base", "PGAS4J_MPI_AM_BASE", "240",
            "MPI facade: the first of the 4 active-message handler indices it registers (128 to 252)",
            text -> {
                int v = Integer.parseInt(text.trim());
                if (v < 128 || v > 252) {
                    throw new IllegalArgumentException(v + " is outside [128, 252]");
                }
                return v;
            });

    /**
     * Checked mode (shared with the other facades): the MPI facade also detects an origin buffer
     * changed between a PUT and its servicing (a checksum travels with the request) and
     * collective servicing operations called with different tags.
     */
    public static final Setting<Boolean> CHECKED = new Setting<>("pgas4j.checked", "PGAS4J_CHECKED", "false",
            "checked mode: also detect what costs work on every call (MPI: origin buffers changed before servicing, "
                    + "collective servicing with differing tags)",
            text -> switch (text) {
                case "true" -> true;
                case "false" -> false;
                default -> throw new IllegalArgumentException("'" + text + "' is neither true nor false");
            });

    private MpiSettings() {
    }

    /** Every facade setting. */
    public static List<Setting<?>> all() {
        return List.of(RMA_SIZE, EAGER_LIMIT, MAILBOX, AM_BASE, CHECKED);
    }
}
