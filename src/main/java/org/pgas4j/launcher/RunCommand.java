package org.pgas4j.launcher;

import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.pgas4j.bootstrap.Entropy;
import org.pgas4j.bootstrap.LaunchEnvironment;
import org.pgas4j.bootstrap.RendezvousProtocol;
import org.pgas4j.internal.stats.StatsReport;

/**
 * {@code pgas4j run}: checks the command line and the program, applies the command line's
 * {@code -Dpgas4j.*} settings to the launcher itself ({@link RunProperties}), spawns the PEs (one
 * JVM per PE, or one JVM for the {@code local} transport), serves their rendezvous, forwards their
 * output, applies the {@link Job} failure policy and removes the job's shared files at the end.
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
        try (SystemPropertyScope ignored = RunProperties.applyToLauncher(options.jvmArgs())) {
            return run(options);
        }
    }

    /** Runs the job of {@code options}, with their {@code -Dpgas4j.*} settings in force in this JVM. */
    private int run(RunOptions options) throws InterruptedException {
        String transport = TransportCatalog.choose(options.transport());
        ProgramCheck.Program program = ProgramCheck.resolve(options, SelfLocation.path());
        boolean local = transport.equals(TransportCatalog.LOCAL);
        if (local) {
            ProgramCheck.requireClass(List.of(SelfLocation.path().toString()), PeCommand.LOCAL_JOB_MAIN,
                    "the local transport (" + PeCommand.LOCAL_JOB_MAIN + ")");
            if (options.hostOptions() != HostOptions.NONE) {
                throw new UsageException("the local transport runs every PE in one JVM on this host: it takes no"
                        + " --hosts, --hostfile, --slurm, --rendezvous-address or --env");
            }
            if (options.bindTo() == CoreBinding.Policy.CORE) {
                throw new UsageException("the local transport runs every PE as a thread of one JVM: --bind-to core"
                        + " binds processes");
            }
        }
        if (options.hostOptions().slurm()) {
            SlurmTask task = SlurmTask.fromEnvironment(System.getenv());
            return new SlurmRun(out, err).run(options, task, TransportCatalog.resolve(transport, task.nodes()), program);
        }
        HostSetup hosts = HostSetup.of(options);
        if (!local) {
            transport = TransportCatalog.resolve(transport, hosts.nodeCount());
        }

        Credentials credentials = Credentials.fresh();
        String jobId = credentials.jobId();
        java.nio.file.Path statsFile = statsFile(options, jobId);
        if (local && statsFile != null) {
            // The local job JVM gathers its PEs' counters itself and writes the report there.
            options = options.withJvmArg("-Dpgas4j.stats.file=" + statsFile.toAbsolutePath());
        }
        createJfrDirectory(options);
        AotJob aot = AotJob.plan(options.aot(), program, SelfLocation.path(), jobId, hosts.nodeCount() > 1, err);
        program = aot.program();
        String secret = credentials.secret();
        BlockingQueue<JobEvent> events = new LinkedBlockingQueue<>();
        JobCleanup cleanup = new JobCleanup(jobId, err);
        PeStarter starter = new PeStarter(out, err, cleanup);
        starter.dropFromStdout(aot.droppedLine());
        RendezvousServer server = null;
        try {
            PeProcess[] pes;
            if (local) {
                pes = new PeProcess[] {starter.startPlain(0, "the local job JVM",
                        aot.forRank(PeCommand.withJfr(PeCommand.forLocalJob(program, options), options, jobId, -1), -1),
                        localEnvironment(jobId), "")};
            } else {
                server = new RendezvousServer(RendezvousProtocol.secretKey(secret), 2 * options.np() + 16, events::add, err,
                        hosts.rendezvousAddress());
                server.start();
                pes = new PeProcess[options.np()];
                List<String> command = PeCommand.forPe(program, options, PeCommand.sharingOptions(options.np(),
                        hosts.nodeCount(), Runtime.getRuntime().availableProcessors()));
                List<Integer> allowed = hosts.placement() == null ? CoreBinding.allowedCpus() : null;
                int[] cpus = CoreBinding.cpus(options.bindTo(), options.np(), allowed); // null: not bound
                for (int rank = 0; rank < pes.length; rank++) {
                    Placement.Slot slot = hosts.slot(rank);
                    Map<String, String> env = new java.util.LinkedHashMap<>(hosts.forwarded());
                    env.putAll(PeVariables.launch(rank, options.np(), jobId, server.address(), transport, slot,
                            hosts.nodeCount()));
                    List<String> peCommand = aot.forRank(PeCommand.withJfr(command, options, jobId, rank), rank);
                    if (cpus != null) {
                        peCommand = CoreBinding.bound(peCommand, cpus[rank], allowed.size());
                    }
                    PeLaunch launch = new PeLaunch(rank, slot == null ? "localhost" : slot.host(), peCommand, env,
                            secret);
                    pes[rank] = starter.start(launch, hosts.spawner(rank), slot, options.tagOutput() ? "[" + rank + "] " : "");
                }
            }
            Job job = new Job(events, pes, err, options.timeoutMillis(), options.timeoutText(), !local,
                    cleanup::stopping, hosts.placement());
            int status = job.run();
            drain(pes);
            Statistics.report(statsFile, local, jobId, options.np(), job.statistics(), err);
            return aot.finish(status, options.jvmArgs(), err);
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

    /** Creates the directory of {@code --jfr=DIR} on this host when it is missing. */
    static void createJfrDirectory(RunOptions options) {
        if (options.jfrDir() != null) {
            try {
                java.nio.file.Files.createDirectories(java.nio.file.Path.of(options.jfrDir()));
            } catch (IOException e) {
                throw new UsageException("--jfr: cannot create the directory " + options.jfrDir() + ": " + e);
            }
            if (!java.nio.file.Files.isWritable(java.nio.file.Path.of(options.jfrDir()))) {
                throw new UsageException("--jfr: the directory " + options.jfrDir() + " is not writable");
            }
        }
    }

    /** Waits (a little) for the last output of the processes this launcher started. */
    /** Where {@code --stats[=FILE]} puts job {@code jobId}'s report, or null without {@code --stats}. */
    static java.nio.file.Path statsFile(RunOptions options, String jobId) {
        return options.statsFile() == null ? null
                : options.statsFile().isEmpty() ? StatsReport.defaultFile(jobId) : java.nio.file.Path.of(options.statsFile());
    }

    static void drain(PeProcess[] pes) {
        for (PeProcess pe : pes) {
            if (!pe.external()) {
                pe.stdout.awaitEnd(OUTPUT_DRAIN_MILLIS);
                pe.stderr.awaitEnd(OUTPUT_DRAIN_MILLIS);
            }
        }
    }

    /**
     * A job's id and secret.
     *
     * @param jobId 16 hex digits, the prefix of the job's shared files
     * @param secret 32 hex digits, which a PE proves it knows to join
     */
    record Credentials(String jobId, String secret) {
        /** Fresh random ones. */
        static Credentials fresh() {
            return new Credentials(Entropy.hex(8), Entropy.hex(16));
        }
    }

    private static Map<String, String> localEnvironment(String jobId) {
        return Map.of(LaunchEnvironment.JOB_ID, jobId, LaunchEnvironment.TRANSPORT, TransportCatalog.LOCAL);
    }

}
