package org.pgas4j.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code pgas4j exec [options] MAIN [ARGS]}: one PE in this process's place, for a launcher that
 * starts one process per PE itself ({@code srun --mpi=pmix -n N bin/pgas4j exec ...},
 * {@code mpirun -n N bin/pgas4j exec ...}). The PE's JVM gets the same command as under
 * {@code pgas4j run} (JVM options, class or module path, {@code -Dpgas4j.*} settings, the
 * {@code --transport} choice as {@code -Dpgas4j.transport}, the AOT cache: pgas4j's own by default,
 * {@code --aot FILE} or none with {@code --no-aot}); it finds its job through PMIx.
 *
 * <p>{@code bin/pgas4j exec} asks for the command ({@code exec-command}: its words, each ended by
 * a NUL byte), runs it as its child (forwarding SIGTERM, SIGINT and SIGHUP), exits with its status
 * and removes the PE's shared files when the PE died without finalizing (the PE names them in
 * {@code $PGAS4J_EXEC_MARKER}). {@code java -jar pgas4j.jar exec} runs the PE as a child too and
 * exits with its status.
 */
final class ExecCommand {
    private ExecCommand() {
    }

    /**
     * The PE's command for the arguments after {@code exec}.
     *
     * @throws UsageException for a bad command line or an option that needs {@code run}
     */
    static List<String> command(List<String> args) {
        List<String> withSize = new ArrayList<>();
        withSize.add("-np");
        withSize.add("1");
        withSize.addAll(args);
        RunOptions options = RunOptions.parse(withSize);
        if (options.np() != 1) {
            throw new UsageException("exec starts one PE: the launcher that started this process (srun, mpirun)"
                    + " sets the job size; leave -np out");
        }
        if (options.hostOptions() != HostOptions.NONE) {
            throw new UsageException("exec runs one PE where its launcher started it: it takes no --hosts, --hostfile,"
                    + " --slurm, --rendezvous-address or --env");
        }
        if (options.bindTo() != CoreBinding.Policy.AUTO) {
            throw new UsageException("exec takes no --bind-to: the launcher that started this process binds it"
                    + " (srun --cpu-bind=cores; mpirun --bind-to core)");
        }
        if (options.timeoutMillis() > 0 || options.tagOutput() || options.jfrDir() != null) {
            throw new UsageException("exec takes no --timeout, --tag-output or --jfr: the launcher that started this"
                    + " process times and labels it (srun --time, --label; mpirun --timeout, --tag-output)");
        }
        try (SystemPropertyScope ignored = RunProperties.applyToLauncher(options.jvmArgs())) {
            String transport = TransportCatalog.choose(options.transport());
            if (transport.equals(TransportCatalog.LOCAL)) {
                throw new UsageException("exec runs one PE per process: the local transport (threads of one JVM)"
                        + " needs pgas4j run");
            }
            if (options.transport() != null) {
                options = options.withJvmArg("-Dpgas4j.transport=" + transport);
            }
            if (options.aot().mode() == AotRequest.Mode.TRAIN) {
                throw new UsageException("exec cannot record an AOT cache (its PEs have no launcher to assemble it):"
                        + " record one with pgas4j run --aot-train FILE, then give exec --aot FILE");
            }
            Path self = SelfLocation.path();
            ProgramCheck.Program program = ProgramCheck.resolve(options, self);
            AotJob aot = AotJob.plan(options.aot(), program, self, "exec", false, LineSink.stderr());
            return aot.forExecPe(PeCommand.forPe(aot.program(), options));
        }
    }

    /** {@code exec-command}: prints the PE's command, every word followed by a NUL byte. */
    static int print(List<String> args, PrintStream out) {
        List<String> command = command(args);
        for (String word : command) {
            out.write(word.getBytes(StandardCharsets.UTF_8), 0, word.getBytes(StandardCharsets.UTF_8).length);
            out.write(0);
        }
        out.flush();
        return 0;
    }

    /** {@code exec} without bin/pgas4j: runs the PE as a child with this process's streams; its status. */
    static int run(List<String> args) throws InterruptedException {
        List<String> command = command(args);
        Process p;
        try {
            p = new ProcessBuilder(command).inheritIO().start();
        } catch (IOException e) {
            throw new UsageException("cannot start the PE's JVM: " + e.getMessage());
        }
        Thread forward = new Thread(p::destroy, "pgas4j-exec-stop");
        Runtime.getRuntime().addShutdownHook(forward);
        int status = p.waitFor();
        try {
            Runtime.getRuntime().removeShutdownHook(forward);
        } catch (IllegalStateException e) {
            // shutting down already
        }
        return status;
    }
}
