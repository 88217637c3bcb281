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
    private static final long LAUNCHER_GRACE_SECONDS = 10;

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
        RmaOptions options = RmaOptions.parse(name(), args);
        JsonFile.check(name(), options.json());
        String plan = options.quick() ? RmaPlan.QUICK : RmaPlan.FULL;
        long timeout = options.quick() ? QUICK_TIMEOUT_SECONDS : FULL_TIMEOUT_SECONDS;
        out.println(RmaBenchmark.header(RmaPlan.named(plan)).replace("bench rma", "bench teams"));
        out.flush();
        err.println("bench teams: 2-PE job ...");
        Map<String, Double> r = ChildProcess.run("teams job", JvmCommands.pgasJob(timeout, TeamsLatencyPe.class, plan),
                timeout + LAUNCHER_GRACE_SECONDS, err);
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
        if (options.json() != null) {
            JsonFile.write(options.json(), Json.write(doc));
            out.println("JSON written to " + options.json());
        }
        out.flush();
        return 0;
    }

}
