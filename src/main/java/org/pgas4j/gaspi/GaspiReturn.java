package org.pgas4j.gaspi;

/**
 * What a GASPI procedure with a timeout returns ({@code gaspi_return_t} less {@code GASPI_ERROR},
 * which is a {@link GaspiException} here).
 */
public enum GaspiReturn {
    /** {@code GASPI_SUCCESS}: the procedure completed. */
    SUCCESS,
    /**
     * {@code GASPI_TIMEOUT}: the timeout expired first. The procedure made progress and must be
     * called again with the same arguments to complete (collectives, waits), as GASPI 1.x says.
     */
    TIMEOUT
}
