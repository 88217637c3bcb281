package org.pgas4j;

/**
 * An incoming active message failed validation at the receiver (a handler index that is not
 * registered here, a category other than the handler's, lengths or a Long offset outside what
 * they must lie in) and was dropped without being acted on. Thrown by the receiver's next
 * {@link Client#poll()}, active-message request or {@link Client#close()}; the message names the
 * sending PE and what was wrong.
 */
public class BadMessageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message names the sender, the receiver and the rule the message broke */
    public BadMessageException(String message) {
        super(message);
    }
}
