package org.pgas4j.shmem;

import java.util.List;
import org.pgas4j.Setting;
import org.pgas4j.Settings;

/** The OpenSHMEM facade's settings, in the core's {@link Setting} form; {@code bin/pgas4j info} prints them. */
public final class ShmemSettings {
    /** {@code SHMEM_SYMMETRIC_SIZE}: bytes of the default space's symmetric heap on each PE. */
    public static final Setting<Long> SYMMETRIC_SIZE = new Setting<>("pgas4j.shmem.symmetric.size",
            "SHMEM_SYMMETRIC_SIZE", "64m",
            "bytes of each PE's symmetric heap in the OpenSHMEM facade's default space (k, m, g suffixes)",
            text -> {
                long v = Settings.parseSize(text);
                if (v < 4096) {
                    throw new IllegalArgumentException(v + " is below the minimum of 4096");
                }
                return v;
            });

    /**
     * Checked mode: the OpenSHMEM facade also detects the undefined behaviour whose detection
     * costs communication (arguments of collective calls that differ between PEs).
     */
    public static final Setting<Boolean> CHECKED = new Setting<>("pgas4j.checked", "PGAS4J_CHECKED", "false",
            "checked mode: also detect non-symmetric arguments of collective OpenSHMEM calls (costs an allreduce "
                    + "per call)",
            text -> switch (text) {
                case "true" -> true;
                case "false" -> false;
                default -> throw new IllegalArgumentException("'" + text + "' is neither true nor false");
            });

    private ShmemSettings() {
    }

    /** Every facade setting. */
    public static List<Setting<?>> all() {
        return List.of(SYMMETRIC_SIZE, CHECKED);
    }
}
