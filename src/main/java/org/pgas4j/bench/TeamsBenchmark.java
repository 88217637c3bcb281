package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code pgas4j bench teams [--json FILE] [--quick]}: 8-byte blocking put latency between two
 * PEs over {@code shm} through the world team, a created team and a team pair
 * ({@link TeamsLatencyPe}), with each figure's ratio to the world team's. Seed 000's open issue 1
 * of section 5.4 expects the pair to be no slower than the primordial team.
 */
final class TeamsBenchmark implements Benchmark {
    private static final long FULL_TIMEOUT_SECONDS = 180;
    private static final long QUICK_TIMEOUT_SECONDS = 60;

    @Override
    public String name() {
        return "teams";
    }

    @Override
    public String summary() {
        return "[--json FILE] [--quick]  8 B put latency through the world team, a created team and a team pair";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        JobBench bench = JobBench.start(name(), args, out, FULL_TIMEOUT_SECONDS, QUICK_TIMEOUT_SECONDS);
        new Progress(name(), 1, err).phase("2-PE job");
        Map<String, Double> r = bench.runJob("teams job", List.of(), TeamsLatencyPe.class, err);
        Map<String, Object> doc = new LinkedHashMap<>();
        double world = ResultLine.positive(r, TeamsLatencyPe.WORLD, "teams job");
        out.printf(Locale.ROOT, "%-18s %12s %14s%n", "put 8 B through", "latency(us)", "ratio to world");
        for (String key : List.of(TeamsLatencyPe.WORLD, TeamsLatencyPe.TEAM, TeamsLatencyPe.PAIR)) {
            double v = ResultLine.positive(r, key, "teams job");
            doc.put(key, v);
            out.printf(Locale.ROOT, "%-18s %12s %14s%n", key.replace("put_lat_", "").replace("_us", ""),
                    RmaTable.fixed(v), RmaTable.fixed(v / world));
        }
        double pairRatio = ResultLine.positive(r, TeamsLatencyPe.PAIR, "teams job") / world;
        doc.put("pair_to_world_ratio", pairRatio);
        out.printf(Locale.ROOT, "pair no slower than world (within 10%%): %s%n", pairRatio <= 1.1 ? "yes" : "no");
        bench.writeJson(doc, out);
        return 0;
    }

}
