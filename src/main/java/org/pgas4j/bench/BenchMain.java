package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.pgas4j.launcher.UsageException;

/**
 * The driver of {@code pgas4j bench NAME [ARGS...]}: finds the benchmark by name and runs it in
 * this JVM. Each benchmark spawns the processes it measures itself (PEs through the launcher,
 * plain JVMs for baselines), so this JVM only coordinates and prints.
 */
public final class BenchMain {
    /** The exit status of a bad command line, as for the launcher. */
    static final int USAGE_STATUS = UsageException.EXIT_STATUS;
    /** The exit status when a measurement could not be taken. */
    static final int FAILURE_STATUS = 1;

    private static final List<Benchmark> BENCHMARKS = List.of(new RmaBenchmark(), new AtomicsBenchmark(), new CollBenchmark(), new AmBenchmark(),
            new TeamsBenchmark(),
            new KindsBenchmark(),
            new ShmemBenchmark(),
            new MpiBenchmark(),
            new GaspiBenchmark(),
            new StartupBenchmark(),
            new WarmupBenchmark());

    private BenchMain() {
    }

    /**
     * Runs {@code pgas4j bench} with the arguments that follow {@code bench}; exits with the
     * status of {@link #run} when it is not 0.
     *
     * @param args the benchmark's name and its arguments
     */
    public static void main(String[] args) {
        int status = run(args, System.out, System.err);
        System.out.flush();
        if (status != 0) {
            System.exit(status);
        }
    }

    /**
     * Runs {@code pgas4j bench} without exiting.
     *
     * @param args the benchmark's name and its arguments
     * @param out where the results go
     * @param err where progress and error lines go
     * @return 0 on success, 2 for a bad command line (one line on {@code err}), 1 when a
     *         measurement failed
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            if (args.length == 0) {
                throw new UsageException("bench needs a benchmark name: " + names() + " (see pgas4j bench help)");
            }
            String name = args[0];
            List<String> rest = Arrays.asList(args).subList(1, args.length);
            if (name.equals("help") || name.equals("-h") || name.equals("--help")) {
                out.print(help());
                return 0;
            }
            for (Benchmark b : BENCHMARKS) {
                if (b.name().equals(name)) {
                    return b.run(rest, out, err);
                }
            }
            throw new UsageException("unknown benchmark '" + name + "'; known: " + names() + " (see pgas4j bench help)");
        } catch (UsageException e) {
            err.println("pgas4j: " + e.getMessage());
            return USAGE_STATUS;
        } catch (BenchFailure e) {
            err.println("pgas4j: bench " + args[0] + " failed: " + e.getMessage());
            return FAILURE_STATUS;
        }
    }

    private static String names() {
        return BENCHMARKS.stream().map(Benchmark::name).collect(Collectors.joining(", "));
    }

    private static String help() {
        StringBuilder sb = new StringBuilder("usage: pgas4j bench NAME [ARGS...]\n\nbenchmarks:\n");
        for (Benchmark b : BENCHMARKS) {
            sb.append(String.format("  %-8s %s%n", b.name(), b.summary()));
        }
        sb.append("\nEach runs its own 2-PE jobs over shm (rma also over ucx) through the launcher; run it on an idle"
                + " machine.\n");
        return sb.toString();
    }
}
