package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * The common frame of a benchmark whose figures come from 2-PE pgas4j jobs: its options
 * ({@code --json FILE}, {@code --quick}), plan and time limit, the header line, running a job,
 * and writing the JSON document.
 *
 * @param name the benchmark's name ({@code bench NAME})
 * @param options the parsed options
 * @param plan {@link RmaPlan#FULL} or {@link RmaPlan#QUICK}
 * @param timeoutSeconds each job's time limit
 */
record JobBench(String name, RmaOptions options, String plan, long timeoutSeconds) {
    private static final long LAUNCHER_GRACE_SECONDS = 10;

    /** Parses {@code args}, checks the JSON path and prints the header. */
    static JobBench start(String name, List<String> args, PrintStream out, long fullTimeoutSeconds,
                          long quickTimeoutSeconds) {
        return start(name, RmaOptions.parse(name, args), out, fullTimeoutSeconds, quickTimeoutSeconds);
    }

    /** Checks the JSON path of parsed {@code options} and prints the header. */
    static JobBench start(String name, RmaOptions options, PrintStream out, long fullTimeoutSeconds,
                          long quickTimeoutSeconds) {
        JsonFile.check(name, options.json());
        String plan = options.quick() ? RmaPlan.QUICK : RmaPlan.FULL;
        out.println(RmaBenchmark.header(RmaPlan.named(plan)).replace("bench rma", "bench " + name));
        out.flush();
        return new JobBench(name, options, plan, options.quick() ? quickTimeoutSeconds : fullTimeoutSeconds);
    }

    /** Runs {@code pe} as a 2-PE job with the plan as its argument; returns its result lines. */
    Map<String, Double> runJob(String label, List<String> peJvmOptions, Class<?> pe, PrintStream err) {
        return ChildProcess.run(label, JvmCommands.pgasJob(timeoutSeconds, peJvmOptions, pe, plan),
                timeoutSeconds + LAUNCHER_GRACE_SECONDS, err);
    }

    /** A plot's second line: the machine, the transport and PEs, and the time of the run. */
    String subtitle() {
        return BenchPlot.subtitle(JvmCommands.TRANSPORT);
    }

    /** Writes {@code doc} to the {@code --json} file, if one was given. */
    void writeJson(Map<String, ?> doc, PrintStream out) {
        if (options.json() != null) {
            JsonFile.write(options.json(), Json.write(doc));
            out.println("JSON written to " + options.json());
        }
        out.flush();
    }
}
