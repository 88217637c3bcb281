package org.pgas4j.launcher;

import java.io.File;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.pgas4j.bootstrap.LaunchEnvironment;
import org.pgas4j.bootstrap.RendezvousProtocol;

/**
 * {@code pgas4j run}: checks the command line and the program, spawns the PEs (one JVM per PE, or
 * one JVM for the {@code local} transport), serves their rendezvous, forwards their output, applies
 * the {@link Job} failure policy and removes the job's shared files at the end.
 */
final class RunCommand {
    /** The exit status when the launcher itself cannot start the job (not a usage error). */
    static final int LAUNCH_FAILURE_STATUS = 1;
    private static final long OUTPUT_DRAIN_MILLIS = 2_000;
    private static final File NULL_DEVICE = new File("/dev/null");

    private final LineSink out;
    private final LineSink err;

    RunCommand(LineSink out, LineSink err) {
        this.out = out;
        this.err = err;
    }

    /**
     * Runs a job.
     *
     * @param args the arguments after {@code run}
     * @return the job's exit status
     * @throws UsageException for a bad command line, before anything is spawned
     */
    int run(List<String> args) throws InterruptedException {
        RunOptions options = RunOptions.parse(args);
        String transport = TransportCatalog.choose(options.transport());
        ProgramCheck.Program program = ProgramCheck.resolve(options, SelfLocation.path());
        boolean local = transport.equals(TransportCatalog.LOCAL);
        if (local) {
            ProgramCheck.requireClass(program, PeCommand.LOCAL_JOB_MAIN,
                    "the local transport (" + PeCommand.LOCAL_JOB_MAIN + ")");
        }

        SecureRandom random = new SecureRandom();
        String jobId = HexFormat.of().formatHex(randomBytes(random, 8));
        String secret = HexFormat.of().formatHex(randomBytes(random, 16));
        BlockingQueue<JobEvent> events = new LinkedBlockingQueue<>();
        JobCleanup cleanup = new JobCleanup(jobId, err);
        RendezvousServer server = null;
        try {
            PeProcess[] pes;
            if (local) {
                pes = new PeProcess[] {spawn(0, "the local job JVM", PeCommand.forLocalJob(program, options),
                        localEnvironment(jobId), "", cleanup)};
            } else {
                server = new RendezvousServer(RendezvousProtocol.secretKey(secret), 2 * options.np() + 16, events::add, err);
                server.start();
                pes = new PeProcess[options.np()];
                for (int rank = 0; rank < pes.length; rank++) {
                    Map<String, String> env = peEnvironment(rank, options.np(), jobId, secret, server.address(), transport);
                    pes[rank] = spawn(rank, "PE " + rank, PeCommand.forPe(program, options), env,
                            options.tagOutput() ? "[" + rank + "] " : "", cleanup);
                }
            }
            Job job = new Job(events, pes, err, options.timeoutMillis(), options.timeoutText(), !local,
                    cleanup::stopping);
            int status = job.run();
            for (PeProcess pe : pes) {
                pe.stdout.awaitEnd(OUTPUT_DRAIN_MILLIS);
                pe.stderr.awaitEnd(OUTPUT_DRAIN_MILLIS);
            }
            return status;
        } catch (IOException e) {
            err.message("cannot start the job: " + e.getMessage());
            cleanup.abandon();
            return LAUNCH_FAILURE_STATUS;
        } finally {
            if (server != null) {
                server.close();
            }
            cleanup.finish();
        }
    }

    private PeProcess spawn(int rank, String label, List<String> command, Map<String, String> env, String prefix,
                            JobCleanup cleanup) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command);
        Map<String, String> environment = pb.environment();
        environment.keySet().removeIf(k -> k.equals(LaunchEnvironment.RANK) || k.equals(LaunchEnvironment.SIZE)
                || k.equals(LaunchEnvironment.JOB_ID) || k.equals(LaunchEnvironment.SECRET)
                || k.equals(LaunchEnvironment.RENDEZVOUS));
        environment.putAll(env);
        // Standard input goes to rank 0 only, as with mpirun.
        pb.redirectInput(rank == 0 ? ProcessBuilder.Redirect.INHERIT : ProcessBuilder.Redirect.from(NULL_DEVICE));
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new IOException(label + " could not be spawned (" + command.getFirst() + "): " + e.getMessage(), e);
        }
        cleanup.add(p);
        OutputForwarder o = new OutputForwarder(p.getInputStream(), out, prefix, "pgas4j-out-" + rank).start();
        OutputForwarder e = new OutputForwarder(p.getErrorStream(), err, prefix, "pgas4j-err-" + rank).start();
        return new PeProcess(rank, label, p, o, e);
    }

    private static Map<String, String> peEnvironment(int rank, int size, String jobId, String secret, String rendezvous,
                                                     String transport) {
        return Map.of(LaunchEnvironment.RANK, Integer.toString(rank), LaunchEnvironment.SIZE, Integer.toString(size),
                LaunchEnvironment.JOB_ID, jobId, LaunchEnvironment.SECRET, secret,
                LaunchEnvironment.RENDEZVOUS, rendezvous, LaunchEnvironment.TRANSPORT, transport);
    }

    private static Map<String, String> localEnvironment(String jobId) {
        return Map.of(LaunchEnvironment.JOB_ID, jobId, LaunchEnvironment.TRANSPORT, TransportCatalog.LOCAL);
    }

    private static byte[] randomBytes(SecureRandom random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }
}
