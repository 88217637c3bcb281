package org.pgas4j.launcher;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.pgas4j.bootstrap.LaunchEnvironment;

/**
 * Starts the processes of a job and forwards their output: a PE through its spawner (writing the
 * secret to its input when the spawner wants it there), or the single JVM of a local job.
 * Standard input goes to rank 0 only, as with mpirun.
 */
final class PeStarter {
    private static final File NULL_DEVICE = new File("/dev/null");

    private final LineSink out;
    private final LineSink err;
    private final JobCleanup cleanup;
    private String dropped;

    /**
     * @param out where the PEs' standard output goes
     * @param err where their standard error goes
     * @param cleanup records every started process, to be stopped if the launcher is
     */
    PeStarter(LineSink out, LineSink err, JobCleanup cleanup) {
        this.out = out;
        this.err = err;
        this.cleanup = cleanup;
    }

    /**
     * Leaves {@code line} out of the standard output of the processes started from now on: a line
     * the JVM prints itself (see {@link AotJob#droppedLine()}); null for none.
     */
    void dropFromStdout(String line) {
        dropped = line;
    }

    /**
     * Starts one PE.
     *
     * @param slot its place among the hosts, or null on this host only
     * @param prefix the prefix of its output lines
     */
    PeProcess start(PeLaunch launch, Spawner spawner, Placement.Slot slot, String prefix) throws IOException {
        ProcessBuilder pb = spawner.builder(launch);
        String label = "PE " + launch.rank();
        if (spawner.secretOnStdin()) {
            pb.redirectInput(ProcessBuilder.Redirect.PIPE);
        } else {
            pb.redirectInput(launch.rank() == 0 ? ProcessBuilder.Redirect.INHERIT : ProcessBuilder.Redirect.from(NULL_DEVICE));
        }
        Process p = start(pb, label + (slot == null ? "" : " on host " + slot.host()));
        if (spawner.secretOnStdin()) {
            // The secret travels on standard input, never on a command line; then the input ends.
            try (OutputStream stdin = p.getOutputStream()) {
                stdin.write((launch.secret() + "\n").getBytes(StandardCharsets.US_ASCII));
            } catch (IOException e) {
                // The spawner died at once; its exit is reported as the PE's failure.
            }
        }
        return new PeProcess(launch.rank(), label, p, forward(p, prefix, launch.rank(), true),
                forward(p, prefix, launch.rank(), false), slot, spawner.name(), spawner.spawnsThePeItself());
    }

    /** Starts a process that is not a PE of its own (the JVM of a local job), as rank {@code rank}. */
    PeProcess startPlain(int rank, String label, List<String> command, Map<String, String> env, String prefix)
            throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command);
        Map<String, String> environment = pb.environment();
        environment.keySet().removeIf(LaunchEnvironment.ALL::contains);
        environment.putAll(env);
        pb.redirectInput(rank == 0 ? ProcessBuilder.Redirect.INHERIT : ProcessBuilder.Redirect.from(NULL_DEVICE));
        Process p = start(pb, label);
        return new PeProcess(rank, label, p, forward(p, prefix, rank, true), forward(p, prefix, rank, false));
    }

    private Process start(ProcessBuilder pb, String label) throws IOException {
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new IOException(label + " could not be spawned (" + pb.command().getFirst() + "): " + e.getMessage(), e);
        }
        cleanup.add(p);
        return p;
    }

    private OutputForwarder forward(Process p, String prefix, int rank, boolean stdout) {
        return stdout ? new OutputForwarder(p.getInputStream(), out, prefix, "pgas4j-out-" + rank, dropped).start()
                : new OutputForwarder(p.getErrorStream(), err, prefix, "pgas4j-err-" + rank).start();
    }
}
