package org.pgas4j.launcher;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.nio.charset.StandardCharsets;
import org.pgas4j.bootstrap.BootstrapException;
import org.pgas4j.bootstrap.PmixBootstrap;
import org.pgas4j.bootstrap.RendezvousProtocol;

/**
 * {@code srun bin/pgas4j run --slurm ...}: every Slurm task is a launcher that runs one PE, the
 * task's rank, as its child. Task 0 also hosts the rendezvous and the job's failure policy (the
 * other tasks' PEs are seen through their rendezvous connections); it publishes the address, job
 * id and secret through PMIx when srun gives it ({@code --mpi=pmix}, or {@code MpiDefault=pmix}),
 * else in a {@link RendezvousFile} on a shared directory, where the other tasks wait for it. A task exits with its PE's status; a failed PE makes task 0 abort every other PE.
 * With {@code --stats}, task 0 gathers every PE's counters (they come over the rendezvous
 * connections) and writes the job's report, as {@code run} does.
 */
final class SlurmRun {
    /** How long a task waits for task 0's rendezvous file. */
    static final long FILE_WAIT_MILLIS = 120_000;

    private final LineSink out;
    private final LineSink err;

    /**
     * @param out where this task's PE's standard output goes
     * @param err where its standard error and the launcher's messages go
     */
    SlurmRun(LineSink out, LineSink err) {
        this.out = out;
        this.err = err;
    }

    /**
     * Runs this task's part of the job.
     *
     * @throws UsageException when {@code -np} disagrees with Slurm or no address can be told
     */
    int run(RunOptions options, SlurmTask task, String transport, ProgramCheck.Program program)
            throws InterruptedException {
        if (options.np() != 0 && options.np() != task.size()) {
            throw new UsageException("--slurm: -np " + options.np() + " differs from SLURM_NTASKS=" + task.size()
                    + "; leave -np out, srun sets the size");
        }
        Publication publication = PmixBootstrap.detected(System.getenv()) ? new PmixPublication()
                : new FilePublication(RendezvousFile.of(RendezvousFile.directory(System.getenv()), task.stepName()));
        Map<String, String> forwarded = PeVariables.forwarded(System.getenv(), options.hostOptions().forwardedVariables());
        List<String> command = PeCommand.forPe(program, options);
        RunCommand.createJfrDirectory(options);
        Placement.Slot slot = new Placement.Slot(task.hostName(), task.node(), task.localRank(), task.localSize());
        String prefix = options.tagOutput() ? "[" + task.rank() + "] " : "";
        return task.rank() == 0
                ? hostRendezvous(options, task, transport, publication, forwarded, command, slot, prefix)
                : joinRendezvous(options, task, transport, publication, forwarded, command, slot, prefix);
    }

    private int hostRendezvous(RunOptions options, SlurmTask task, String transport, Publication publication,
                               Map<String, String> forwarded, List<String> command, Placement.Slot slot,
                               String prefix) throws InterruptedException {
        InetAddress address = address(options.hostOptions().rendezvousAddress(), task.nodes());
        RunCommand.Credentials credentials = RunCommand.Credentials.fresh();
        BlockingQueue<JobEvent> events = new LinkedBlockingQueue<>();
        JobCleanup cleanup = new JobCleanup(credentials.jobId(), err);
        RendezvousServer server = null;
        try {
            server = new RendezvousServer(RendezvousProtocol.secretKey(credentials.secret()), 2 * task.size() + 16,
                    events::add, err, address);
            server.start();
            publication.publish(
                    new RendezvousFile.Contents(server.address(), credentials.jobId(), credentials.secret()));
            PeProcess[] pes = new PeProcess[task.size()];
            Placement placement = task.placement();
            pes[0] = new PeStarter(out, err, cleanup).start(launch(task, transport, server.address(), credentials,
                    forwarded, PeCommand.withJfr(command, options, credentials.jobId(), task.rank()), slot), new LocalSpawner(), placement == null ? null : placement.slot(0), prefix);
            for (int rank = 1; rank < pes.length; rank++) {
                pes[rank] = new PeProcess(rank, "PE " + rank, null, null, null,
                        placement == null ? null : placement.slot(rank), "srun", false);
            }
            Job job = new Job(events, pes, err, options.timeoutMillis(), options.timeoutText(), true,
                    cleanup::stopping, placement);
            int status = job.run();
            RunCommand.drain(new PeProcess[] {pes[0]});
            // Every task's PE sends its counters over its rendezvous connection, which ends here.
            Statistics.report(RunCommand.statsFile(options, credentials.jobId()), false, credentials.jobId(),
                    task.size(), job.statistics(), err);
            return status;
        } catch (IOException | BootstrapException e) {
            err.message("cannot start the job: " + e.getMessage());
            cleanup.abandon();
            return RunCommand.LAUNCH_FAILURE_STATUS;
        } finally {
            if (server != null) {
                server.close();
            }
            publication.withdraw();
            cleanup.finish();
        }
    }

    private int joinRendezvous(RunOptions options, SlurmTask task, String transport, Publication publication,
                               Map<String, String> forwarded, List<String> command, Placement.Slot slot,
                               String prefix) throws InterruptedException {
        RendezvousFile.Contents c;
        try {
            c = publication.await();
        } catch (IOException | BootstrapException e) {
            err.message("task " + task.rank() + ": " + e.getMessage());
            return RunCommand.LAUNCH_FAILURE_STATUS;
        }
        JobCleanup cleanup = new JobCleanup(c.jobId(), task.rank(), err);
        try {
            PeLaunch launch = launch(task, transport, c.rendezvous(), new RunCommand.Credentials(c.jobId(), c.secret()),
                    forwarded, PeCommand.withJfr(command, options, c.jobId(), task.rank()), slot);
            PeProcess pe = new PeStarter(out, err, cleanup).start(launch, new LocalSpawner(), null, prefix);
            long limit = options.timeoutMillis() > 0 ? options.timeoutMillis() : Long.MAX_VALUE;
            if (!pe.process.waitFor(limit, TimeUnit.MILLISECONDS)) {
                err.message(pe.name() + " timed out after " + options.timeoutText() + " s");
                Teardown.killForcibly(pe.process);
                pe.process.waitFor();
                return Job.TIMEOUT_STATUS;
            }
            RunCommand.drain(new PeProcess[] {pe});
            return pe.process.exitValue();
        } catch (IOException e) {
            err.message("cannot start PE " + task.rank() + ": " + e.getMessage());
            cleanup.abandon();
            return RunCommand.LAUNCH_FAILURE_STATUS;
        } finally {
            cleanup.finish();
        }
    }

    private static PeLaunch launch(SlurmTask task, String transport, String rendezvous,
                                   RunCommand.Credentials credentials,
                                   Map<String, String> forwarded, List<String> command, Placement.Slot slot) {
        Map<String, String> env = new LinkedHashMap<>(forwarded);
        env.putAll(PeVariables.launch(task.rank(), task.size(), credentials.jobId(), rendezvous, transport, slot,
                task.nodes()));
        return new PeLaunch(task.rank(), task.hostName(), command, env, credentials.secret());
    }

    /** {@code --rendezvous-address}, loopback on one node, else this host's address by its name. */
    static InetAddress address(String option, int nodes) {
        if (option != null || nodes == 1) {
            return RendezvousAddress.choose(option, List.of());
        }
        try {
            InetAddress self = InetAddress.getLocalHost();
            if (self.isLoopbackAddress()) {
                throw new UsageException("--slurm: this host's name resolves to the loopback address "
                        + self.getHostAddress() + ", which other nodes cannot reach; give --rendezvous-address");
            }
            return self;
        } catch (UnknownHostException e) {
            throw new UsageException("--slurm: this host's name does not resolve; give --rendezvous-address");
        }
    }

    /** How task 0 hands the rendezvous's address, the job id and the secret to the other tasks. */
    interface Publication {
        /** Task 0: makes {@code contents} known to the other tasks. */
        void publish(RendezvousFile.Contents contents) throws IOException;

        /** Another task: waits for task 0's contents. */
        RendezvousFile.Contents await() throws IOException, InterruptedException;

        /** Task 0, at the end of the job: removes what {@link #publish} left. */
        void withdraw();
    }

    /** A rendezvous file in a directory every node shares: works under any srun. */
    record FilePublication(Path file) implements Publication {
        @Override
        public void publish(RendezvousFile.Contents contents) throws IOException {
            RendezvousFile.write(file, contents);
        }

        @Override
        public RendezvousFile.Contents await() throws IOException, InterruptedException {
            return RendezvousFile.await(file, FILE_WAIT_MILLIS);
        }

        @Override
        public void withdraw() {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // Nothing more to do: the next step has another name.
            }
        }
    }

    /**
     * Through PMIx, where srun gives it ({@code --mpi=pmix}): the tasks are a PMIx job; task 0's
     * contents travel in one PMIx exchange, so no shared file system is needed. Each task's PE,
     * started with the launcher's variables, joins through the rendezvous, not through PMIx.
     */
    static final class PmixPublication implements Publication {
        @Override
        public void publish(RendezvousFile.Contents contents) {
            exchange(RendezvousFile.text(contents).getBytes(StandardCharsets.US_ASCII));
        }

        @Override
        public RendezvousFile.Contents await() throws IOException {
            byte[] zero = exchange(new byte[0]);
            return RendezvousFile.parse(new String(zero, StandardCharsets.US_ASCII), "task 0's PMIx data");
        }

        private static byte[] exchange(byte[] mine) {
            PmixBootstrap b = PmixBootstrap.start();
            try {
                return b.allgather(mine)[0];
            } finally {
                b.close();
            }
        }

        @Override
        public void withdraw() {
            // Nothing was written anywhere.
        }
    }
}
