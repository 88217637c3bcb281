package org.pgas4j.shmem;

/**
 * The configuration of a new memory space ({@code shmem_space_config_t}, seed 001). All PEs must
 * pass equal configurations to {@link Shmem#spaceCreate}.
 *
 * @param deviceType the device type the space lives on
 * @param sizePerPe bytes of the space's symmetric heap on each member PE (rounded up to 64)
 * @param flags creation flags; {@link #FLAG_DEFAULT} is the only one defined
 */
public record SpaceConfig(DeviceType deviceType, long sizePerPe, int flags) {
    /** {@code SHMEM_SPACE_FLAG_DEFAULT}: no special requirements. */
    public static final int FLAG_DEFAULT = 0;

    /** A configuration with {@link #FLAG_DEFAULT}. */
    public static SpaceConfig of(DeviceType deviceType, long sizePerPe) {
        return new SpaceConfig(deviceType, sizePerPe, FLAG_DEFAULT);
    }

    /** Why this configuration is invalid, or null when it is valid (device availability aside). */
    String problem() {
        if (deviceType == null) {
            return "deviceType is null";
        }
        if (sizePerPe <= 0) {
            return "sizePerPe " + sizePerPe + " is not positive";
        }
        if (flags != FLAG_DEFAULT) {
            return "flags 0x" + Integer.toHexString(flags) + " are not defined (only FLAG_DEFAULT = 0)";
        }
        return null;
    }
}
