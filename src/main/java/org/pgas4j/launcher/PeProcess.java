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
    /** The process, or null for a PE this launcher did not start (another Slurm task's). */
    final Process process;
    /** Its stdout forwarder. */
    final OutputForwarder stdout;
    /** Its stderr forwarder. */
    final OutputForwarder stderr;
    /** Its place among the job's hosts, or null in a job on this host only. */
    final Placement.Slot slot;
    /** Whether {@link #process} is the PE itself (false for a remote spawner such as ssh). */
    final boolean processIsThePe;
    /** The spawner's name, for messages ({@code ssh}, {@code netns}, {@code local}). */
    final String spawnerName;

    /** Its authenticated rendezvous connection, once joined. */
    PeConnection connection;
    /** Whether it said it finalized (closed its bootstrap) and has not joined again since. */
    boolean finalized;
    /**
     * How many times it joined the job: 0 before its first init, 1 after it, 2 once it finalized
     * and initialised again ({@code REJOIN}), and so on. Its collectives belong to this init.
     */
    int inits;
    /** The pid the PE gave when it joined (on its own host). */
    long peerPid;
    /** Whether its rendezvous connection ended without a finalization. */
    boolean disconnected;
    /** Whether it exited, and with which status. */
    boolean exited;
    int status;

    /** A PE (or the local job JVM) started on this host as the PE itself. */
    PeProcess(int rank, String label, Process process, OutputForwarder stdout, OutputForwarder stderr) {
        this(rank, label, process, stdout, stderr, null, "local", true);
    }

    /**
     * A PE placed on a named host.
     *
     * @param process the spawned process, or null for a PE this launcher did not start
     * @param slot its place among the hosts, or null
     * @param spawnerName the spawner's name, for messages
     * @param processIsThePe whether {@code process} is the PE itself (same pid)
     */
    PeProcess(int rank, String label, Process process, OutputForwarder stdout, OutputForwarder stderr,
              Placement.Slot slot, String spawnerName, boolean processIsThePe) {
        this.rank = rank;
        this.label = label;
        this.process = process;
        this.stdout = stdout;
        this.stderr = stderr;
        this.slot = slot;
        this.spawnerName = spawnerName;
        this.processIsThePe = processIsThePe;
    }

    /**
     * {@code PE 3 (pid 1234)}; on named hosts {@code PE 3 on host h2 (pid 1234)}, with the pid the
     * PE gave when it joined, or its spawner's before.
     */
    String name() {
        if (slot == null) {
            return label + (process != null ? " (pid " + process.pid() + ")"
                    : peerPid > 0 ? " (another task's, pid " + peerPid + " there)" : " (another task's, not joined)");
        }
        String pid = processIsThePe ? "pid " + process.pid()
                : peerPid > 0 ? "pid " + peerPid + " there"
                : process == null ? "not joined" : spawnerName + " pid " + process.pid();
        return label + " on host " + slot.host() + " (" + pid + ")";
    }

    /** Whether this launcher did not start it: it is seen only through its rendezvous connection. */
    boolean external() {
        return process == null;
    }

    /** Whether it joined the job and has not finalized yet: it takes part in collectives and gets ABORT. */
    boolean joinedAndActive() {
        return connection != null && !finalized && !exited;
    }
}
