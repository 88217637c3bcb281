package org.pgas4j;

/**
 * An active-message handler (GASNet-EX's {@code gex_AM_Fn_t}): registered under an index with
 * {@link ActiveMessages#register}, run by the receiving PE inside progress (its
 * {@link Client#poll()} and every wait of the client) for each message naming that index.
 *
 * <p>It runs in <em>handler context</em>: it may read the message through the token, touch local
 * memory, and reply once ({@code token.reply...}) if the message is a request; it must not block
 * or call collectives, nor send requests. Barriers, event and implicit-operation waits,
 * collectives, requests and {@link Client#poll()} throw {@link IllegalStateException} there.
 * Record what needs doing and do it after the handler returns. Keep it short: other messages
 * wait behind it.
 *
 * <p>A handler runs on whichever thread of the PE is making progress: the one calling
 * {@link Client#poll()} or waiting, or a team's worker thread while non-blocking collectives run.
 * Handlers of one kind (requests, or replies) never run concurrently with each other, but state a
 * handler shares with the rest of the program needs the usual care (a volatile or atomic field,
 * as the conformance tests use).
 */
@FunctionalInterface
public interface AmHandler {

    /**
     * Handles one message. The token and any payload view it gives are valid only until this
     * method returns. An exception thrown here is reported by the receiving PE's next
     * {@link Client#poll()}, active-message request or {@link Client#close()}.
     */
    void handle(AmToken token);
}
