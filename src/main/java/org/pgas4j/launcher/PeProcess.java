package org.pgas4j.launcher;

/**
 * One spawned process of a job and what the launcher knows of it. The state fields are read and
 * written by the job's event thread only.
 */
final class PeProcess {
    /** The PE's rank (0 for the single JVM of a local job). */
    final int rank;
    /** How messages name it: {@code PE 3}, or {@code the local job JVM}. */
    final String label;
    /** The process. */
    final Process process;
    /** Its stdout forwarder. */
    final OutputForwarder stdout;
    /** Its stderr forwarder. */
    final OutputForwarder stderr;

    /** Its authenticated rendezvous connection, once joined. */
    PeConnection connection;
    /** Whether it said it finalized (closed its bootstrap). */
    boolean finalized;
    /** Whether it exited, and with which status. */
    boolean exited;
    int status;

    PeProcess(int rank, String label, Process process, OutputForwarder stdout, OutputForwarder stderr) {
        this.rank = rank;
        this.label = label;
        this.process = process;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    /** {@code PE 3 (pid 1234)}. */
    String name() {
        return label + " (pid " + process.pid() + ")";
    }

    /** Whether it joined the job and has not finalized yet: it takes part in collectives and gets ABORT. */
    boolean joinedAndActive() {
        return connection != null && !finalized && !exited;
    }
}
