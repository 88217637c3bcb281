package org.pgas4j;

import java.util.EnumSet;
import java.util.Set;

/**
 * Which operation families a new endpoint should get scarce acceleration resources for
 * ({@code GEX_FLAG_HINT_ACCEL_*}, seed 000 section 3.3). Hints are non-binding (rule 13 of section
 * 3.1: unavailable acceleration is not an error): the shared-memory transports have no such
 * resources, so hints are recorded and reported by {@link Endpoint#hints()} and change nothing else.
 */
public enum AccelerationHint {
    /** {@code GEX_FLAG_HINT_ACCEL_AD}: accelerate atomics. */
    AD,
    /** {@code GEX_FLAG_HINT_ACCEL_COLL}: accelerate collectives. */
    COLL;

    /** {@code GEX_FLAG_HINT_ACCEL_ALL}. */
    public static Set<AccelerationHint> all() {
        return EnumSet.allOf(AccelerationHint.class);
    }
}
