package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pgas4j.launcher.UsageException;

/**
 * {@code pgas4j bench am [--json FILE] [--quick]}: active-message round trips between two PEs on
 * this host over {@code shm}. {@link AmPlan#rounds()} rounds of: the raw ping-pong between two
 * plain JVMs ({@link RawPingPong}, as in {@code bench rma}: the machine's cross-core latency just
 * before), then a 2-PE job of {@link AmLatencyPe} (Short round trip, Medium round trip by size).
 * Each figure is the median of the rounds; each round's pair of figures is shown as it is taken,
 * since this machine's cross-core latency switches between states within seconds.
 */
final class AmBenchmark implements Benchmark {
    /** The benchmark's name on the command line. */
    static final String NAME = "am";
    private static final long FULL_TIMEOUT_SECONDS = 180;
    private static final long QUICK_TIMEOUT_SECONDS = 40;
    /** Extra time the bench gives a launcher beyond the job's own limit, to report and clean up. */
    private static final long LAUNCHER_GRACE_SECONDS = 10;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "[--json FILE] [--quick] [--plot FILE]  active-message Short and Medium round trips, next to a raw JVM"
                + " ping-pong";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        RmaOptions options = RmaOptions.parseWithBaselines(NAME, args);
        if (options.nativeBaselines()) {
            throw new UsageException("bench am: --native has no native program to compare active messages with");
        }
        JsonFile.check(NAME, options.json());
        AmPlan plan = AmPlan.of(options.quick());
        long timeout = options.quick() ? QUICK_TIMEOUT_SECONDS : FULL_TIMEOUT_SECONDS;
        out.println(RmaBenchmark.header(RmaPlan.named(plan.name())).replace("bench rma", "bench " + NAME));
        out.flush();
        List<Map<String, Double>> rounds = new ArrayList<>();
        Progress progress = new Progress(NAME, 2 * plan.rounds(), err);
        for (int r = 1; r <= plan.rounds(); r++) {
            String of = plan.rounds() > 1 ? " (round " + r + " of " + plan.rounds() + ")" : "";
            progress.phase("raw ping-pong, 2 plain JVMs" + of);
            Map<String, Double> round = new HashMap<>(RawPingPong.measure(RmaPlan.named(plan.name()), timeout, err));
            progress.phase("active-message job" + of);
            round.putAll(ChildProcess.run("am job", JvmCommands.pgasJob(timeout, AmLatencyPe.class, plan.name()),
                    timeout + LAUNCHER_GRACE_SECONDS, err));
            err.println("bench " + NAME + ":   " + AmMetrics.RAW_PINGPONG_ONEWAY_US + " "
                    + RmaTable.fixed(round.getOrDefault(AmMetrics.RAW_PINGPONG_ONEWAY_US, Double.NaN)) + " "
                    + AmMetrics.AM_SHORT_RTT_US + " " + RmaTable.fixed(round.getOrDefault(AmMetrics.AM_SHORT_RTT_US, Double.NaN)));
            rounds.add(round);
        }
        AmReport report = AmReport.from(plan, RoundMedian.of(rounds));
        AmTable.print(report, out);
        if (options.json() != null) {
            JsonFile.write(options.json(), report.toJson());
            out.println("JSON written to " + options.json());
        }
        if (options.plot() != null) {
            BenchPlot.write(options.plot(), BenchPlot.bySize("bench am: Medium round trip", BenchPlot.subtitle(
                    JvmCommands.TRANSPORT), "round trip (us)", List.of(new BenchPlot.Line("pgas4j Medium echo",
                    new java.util.TreeMap<>(report.mediumRttUs()), false))), out);
        }
        out.flush();
        return 0;
    }
}
