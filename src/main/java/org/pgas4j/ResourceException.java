package org.pgas4j;

/**
 * A request could not be satisfied for lack of resources (GASNet-EX's
 * {@code GASNET_ERR_RESOURCE}): no shared memory left, too many endpoints, and so on. The message
 * names the resource and the limit.
 */
public class ResourceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message names the resource, what was asked and what is available */
    public ResourceException(String message) {
        super(message);
    }

    /** @param message names the resource; @param cause the underlying failure */
    public ResourceException(String message, Throwable cause) {
        super(message, cause);
    }
}
