package org.pgas4j;

/**
 * The three categories of active message (GASNet-EX's {@code gex_AM_RequestShort},
 * {@code ...Medium} and {@code ...Long}). A handler is registered for one category and receives
 * only messages of it.
 */
public enum AmCategory {
    /** Up to {@link ActiveMessages#MAX_ARGS} int arguments, no payload. */
    SHORT,
    /**
     * Arguments and a payload of up to {@link ActiveMessages#maxRequestMedium} bytes, delivered
     * in a buffer that is valid while the handler runs.
     */
    MEDIUM,
    /**
     * Arguments and a payload written into the receiving endpoint's bound segment at an offset
     * the sender chooses; the handler runs once the payload is visible there.
     */
    LONG;

    private static final AmCategory[] BY_CODE = values();

    /** The category with {@code code} (its ordinal), or null for an unknown code. */
    static AmCategory of(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
