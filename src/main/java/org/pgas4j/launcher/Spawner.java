package org.pgas4j.launcher;

/**
 * Starts the process of one PE on some host. The launcher watches that process: its output is the
 * PE's output, and its end is the PE's end (or, for a remote spawner, the end of the connection to
 * the host).
 */
interface Spawner {
    /** A short name for messages: {@code local}, {@code ssh}, {@code netns}. */
    String name();

    /**
     * Whether the spawned process is the PE itself (same pid), so that a joining PE's pid can be
     * checked against it.
     */
    boolean spawnsThePeItself();

    /**
     * Whether the job secret goes to the process as the first line of its standard input (then
     * the launcher writes it and closes the input) rather than in its environment.
     */
    boolean secretOnStdin();

    /** The process builder that starts {@code launch}; the caller sets up redirections. */
    ProcessBuilder builder(PeLaunch launch);
}
