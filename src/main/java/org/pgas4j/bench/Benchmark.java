package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.List;

/**
 * One benchmark of {@code pgas4j bench NAME}: a name to dispatch on, a line for the help text,
 * and a run that prints its figures.
 */
interface Benchmark {
    /** The name given on the command line, e.g. {@code rma}. */
    String name();

    /** One line for {@code pgas4j bench help}: the arguments and what is measured. */
    String summary();

    /**
     * Runs the benchmark.
     *
     * @param args the arguments after the benchmark's name
     * @param out where the results go
     * @param err where progress and diagnostics go
     * @return the exit status: 0 when every measurement ran (missed targets are not failures)
     * @throws org.pgas4j.launcher.UsageException for bad arguments, before anything runs
     * @throws BenchFailure when a measurement could not be taken
     */
    int run(List<String> args, PrintStream out, PrintStream err);
}
