package org.pgas4j.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pgas4j.launcher.UsageException;

/**
 * {@code pgas4j bench atomics [--json FILE] [--quick]}: remote atomics between two PEs on this
 * host over {@code shm}. {@link AtomicsPlan#rounds()} rounds of: the raw ping-pong between two
 * plain JVMs ({@link RawPingPong}, as in {@code bench rma}: the machine's cross-core latency just
 * before), then a 2-PE job of {@link AtomicsPe} (blocking fetch-add latency, non-blocking
 * fetch-add rate, compare-and-swap latency). Each figure is the median of the rounds.
 */
final class AtomicsBenchmark implements Benchmark {
    private static final long FULL_TIMEOUT_SECONDS = 180;
    private static final long QUICK_TIMEOUT_SECONDS = 40;
    /** Extra time the bench gives a launcher beyond the job's own limit, to report and clean up. */
    private static final long LAUNCHER_GRACE_SECONDS = 10;

    @Override
    public String name() {
        return "atomics";
    }

    @Override
    public String summary() {
        return "[--json FILE] [--quick]  fetch-add and compare-and-swap latency, fetch-add rate, next to a raw JVM ping-pong";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        RmaOptions options = parse(args);
        if (options.json() != null && Files.isDirectory(options.json())) {
            throw new UsageException("bench atomics: --json " + options.json() + " is a directory; give a file name");
        }
        AtomicsPlan plan = AtomicsPlan.of(options.quick());
        long timeout = options.quick() ? QUICK_TIMEOUT_SECONDS : FULL_TIMEOUT_SECONDS;
        out.println(header(plan));
        out.flush();
        List<Map<String, Double>> rounds = new ArrayList<>();
        for (int r = 1; r <= plan.rounds(); r++) {
            String of = plan.rounds() > 1 ? " (round " + r + " of " + plan.rounds() + ")" : "";
            step(err, "raw ping-pong, 2 plain JVMs" + of);
            Map<String, Double> round = new HashMap<>(RawPingPong.measure(RmaPlan.named(plan.name()), timeout, err));
            step(err, "atomics job" + of);
            round.putAll(ChildProcess.run("atomics job", JvmCommands.pgasJob(timeout, AtomicsPe.class, plan.name()),
                    timeout + LAUNCHER_GRACE_SECONDS, err));
            err.println("bench atomics:   " + AtomicsMetrics.RAW_PINGPONG_ONEWAY_US + " "
                    + RmaTable.fixed(round.getOrDefault(AtomicsMetrics.RAW_PINGPONG_ONEWAY_US, Double.NaN)) + " "
                    + AtomicsMetrics.FADD_LAT_US + " " + RmaTable.fixed(round.getOrDefault(AtomicsMetrics.FADD_LAT_US, Double.NaN)));
            rounds.add(round);
        }
        AtomicsReport report = AtomicsReport.from(RoundMedian.of(rounds));
        AtomicsTable.print(report, out);
        if (options.json() != null) {
            writeJson(options.json(), report.toJson());
            out.println("JSON written to " + options.json());
        }
        out.flush();
        return 0;
    }

    /**
     * The same command line as {@code bench rma}, parsed by {@link RmaOptions}; its messages name
     * this benchmark instead.
     */
    static RmaOptions parse(List<String> args) {
        return RmaOptions.parse("atomics", args);
    }

    private static void step(PrintStream err, String what) {
        err.println("bench atomics: " + what + " ...");
        err.flush();
    }

    /** The first line of the output: that of {@code bench rma}, naming this benchmark. */
    static String header(AtomicsPlan plan) {
        return RmaBenchmark.header(RmaPlan.named(plan.name())).replace("bench rma", "bench atomics");
    }

    private static void writeJson(Path file, String json) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, json);
        } catch (IOException e) {
            throw new BenchFailure("cannot write the JSON file " + file + ": " + e.getMessage(), e);
        }
    }
}
