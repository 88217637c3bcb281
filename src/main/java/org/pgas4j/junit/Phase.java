package org.pgas4j.junit;

/** Where one PE of a {@code @PgasTest} job is. */
enum Phase {
    /** Creating its test instance and opening its client. */
    STARTING("starting (opening the client)"),
    /** Running the test method. */
    IN_METHOD("in the test method"),
    /** The method returned; closing the client, which waits for every PE. */
    CLOSING("closing the client"),
    /** Done: the method returned and the client closed. */
    PASSED("passed"),
    /** Done: something threw. */
    FAILED("failed");

    private final String description;

    Phase(String description) {
        this.description = description;
    }

    /** Whether the PE has ended. */
    boolean ended() {
        return this == PASSED || this == FAILED;
    }

    /** Where the PE is, to follow {@code PE 1 }: {@code in the test method}. */
    String description() {
        return description;
    }
}
