package org.pgas4j;

/**
 * An argument was invalid (GASNet-EX's {@code GASNET_ERR_BAD_ARG}). Thrown in the caller before
 * anything is sent; the message names the argument, its value and the bound it broke.
 */
public class BadArgumentException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** @param message names the argument, the value and the bound */
    public BadArgumentException(String message) {
        super(message);
    }
}
