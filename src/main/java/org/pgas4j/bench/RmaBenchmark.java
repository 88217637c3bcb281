package org.pgas4j.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pgas4j.launcher.UsageException;

/**
 * {@code pgas4j bench rma [--json FILE] [--quick]}: one-sided put and get between two PEs on this
 * host, next to the baselines they are judged by, all taken in one run so that their ratios
 * compare like with like. Each measurement runs in processes of its own, one at a time:
 * <ol>
 * <li>{@link RmaPlan#rounds()} rounds of: the raw ping-pong between two plain JVMs on one shared
 *     mapping ({@link RawPingPong}), then the pgas4j ping-pong of blocking {@code putLong}s
 *     ({@link PingPongPe});</li>
 * <li>blocking put, then blocking get latency by size ({@link RmaLatencyPe});</li>
 * <li>rounds of: the memcpy bandwidth of one plain JVM ({@link MemcpyProbe}), then put bandwidth
 *     by size ({@link PutBandwidthPe}).</li>
 * </ol>
 * A figure taken in several rounds is the median of the rounds. Every pgas4j measurement is a job
 * of 2 PEs over {@code shm} started through the launcher. With {@code --transport ucx} the run is
 * {@link UcxRmaBenchmark}'s instead: the jobs over ucx, next to {@code ucx_perftest}.
 */
final class RmaBenchmark implements Benchmark {
    private static final long FULL_TIMEOUT_SECONDS = 300;
    private static final long QUICK_TIMEOUT_SECONDS = 40;
    /** Extra time the bench gives a launcher beyond the job's own limit, to report and clean up. */
    private static final long LAUNCHER_GRACE_SECONDS = 10;

    @Override
    public String name() {
        return "rma";
    }

    @Override
    public String summary() {
        return "[--transport shm|ucx] [--json FILE] [--quick]  put/get latency, put bandwidth and ping-pong vs memcpy"
                + " and a raw JVM ping-pong (shm) or vs ucx_perftest (ucx)";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        List<String> rest = new ArrayList<>(args);
        String transport = transport(rest);
        RmaOptions options = RmaOptions.parse(rest);
        if (options.json() != null && Files.isDirectory(options.json())) {
            throw new UsageException("bench rma: --json " + options.json() + " is a directory; give a file name");
        }
        if (transport.equals(UcxRmaBenchmark.TRANSPORT)) {
            return UcxRmaBenchmark.run(options.quick(), options.json(), out, err);
        }
        RmaPlan plan = RmaPlan.of(options.quick());
        long timeout = options.quick() ? QUICK_TIMEOUT_SECONDS : FULL_TIMEOUT_SECONDS;
        out.println(header(plan));
        out.flush();

        List<Map<String, Double>> pingPong = new ArrayList<>();
        for (int r = 1; r <= plan.rounds(); r++) {
            step(err, "raw ping-pong, 2 plain JVMs" + roundOf(r, plan));
            Map<String, Double> round = new HashMap<>(RawPingPong.measure(plan, timeout, err));
            step(err, "pgas4j ping-pong" + roundOf(r, plan));
            round.putAll(job("ping-pong job", timeout, err, PingPongPe.class, plan.name()));
            pingPong.add(round);
            note(err, round, RmaMetrics.RAW_PINGPONG_ONEWAY_US, RmaMetrics.PINGPONG_ONEWAY_US);
        }
        Map<String, Double> results = new HashMap<>(RoundMedian.of(pingPong));
        step(err, "blocking put latency");
        results.putAll(job("put latency job", timeout, err, RmaLatencyPe.class, "put", plan.name()));
        step(err, "blocking get latency");
        results.putAll(job("get latency job", timeout, err, RmaLatencyPe.class, "get", plan.name()));
        List<Map<String, Double>> bandwidth = new ArrayList<>();
        for (int r = 1; r <= plan.rounds(); r++) {
            step(err, "memcpy bandwidth, 1 plain JVM" + roundOf(r, plan));
            Map<String, Double> round = new HashMap<>(ChildProcess.run("memcpy",
                    JvmCommands.plainJvm(MemcpyProbe.class, plan.name()), timeout, err));
            step(err, "put bandwidth" + roundOf(r, plan));
            round.putAll(job("put bandwidth job", timeout, err, PutBandwidthPe.class, plan.name()));
            bandwidth.add(round);
            note(err, round, ResultLine.key(RmaMetrics.MEMCPY_BW_MBPS, RmaMetrics.ONE_MIB),
                    ResultLine.key(RmaMetrics.PUT_BW_MBPS, RmaMetrics.ONE_MIB));
        }
        results.putAll(RoundMedian.of(bandwidth));

        RmaReport report = RmaReport.from(plan, results);
        RmaTable.print(report, out);
        if (options.json() != null) {
            writeJson(options.json(), report);
            out.println("JSON written to " + options.json());
        }
        out.flush();
        return 0;
    }

    /**
     * Removes {@code --transport NAME} (or {@code --transport=NAME}) from {@code args} and returns
     * the name: {@code shm} (the default) or {@code ucx}.
     *
     * @throws UsageException for another name or a missing one
     */
    static String transport(List<String> args) {
        String transport = JvmCommands.TRANSPORT;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            String value;
            if (arg.equals("--transport")) {
                if (i + 1 >= args.size()) {
                    throw new UsageException("bench rma: --transport needs a name: shm or ucx");
                }
                value = args.get(i + 1);
                args.remove(i + 1);
                args.remove(i);
            } else if (arg.startsWith("--transport=")) {
                value = arg.substring("--transport=".length());
                args.remove(i);
            } else {
                continue;
            }
            i--;
            if (!value.equals(JvmCommands.TRANSPORT) && !value.equals(UcxRmaBenchmark.TRANSPORT)) {
                throw new UsageException("bench rma: --transport " + value + " is not measured; use shm or ucx");
            }
            transport = value;
        }
        return transport;
    }

    private static Map<String, Double> job(String label, long timeout, PrintStream err, Class<?> main, String... args) {
        return ChildProcess.run(label, JvmCommands.pgasJob(timeout, main, args), timeout + LAUNCHER_GRACE_SECONDS, err);
    }

    /** Shows a round's key figures, so that the spread behind a median is visible. */
    private static void note(PrintStream err, Map<String, Double> round, String... keys) {
        StringBuilder sb = new StringBuilder("bench rma:   ");
        for (String k : keys) {
            sb.append(' ').append(k).append(' ').append(RmaTable.fixed(round.getOrDefault(k, Double.NaN)));
        }
        err.println(sb);
    }

    private static String roundOf(int round, RmaPlan plan) {
        return plan.rounds() > 1 ? " (round " + round + " of " + plan.rounds() + ")" : "";
    }

    private static void step(PrintStream err, String what) {
        err.println("bench rma: " + what + " ...");
        err.flush();
    }

    /** The first line of the output: when, where and how the figures were taken. */
    static String header(RmaPlan plan) {
        return "# pgas4j bench rma | " + OffsetDateTime.now().truncatedTo(ChronoUnit.SECONDS)
                + " | cores: " + Runtime.getRuntime().availableProcessors()
                + " | transport: " + JvmCommands.TRANSPORT + ", " + JvmCommands.PES + " PEs"
                + " | java " + Runtime.version() + " | plan: " + plan.name();
    }

    private static void writeJson(Path file, RmaReport report) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, report.toJson());
        } catch (IOException e) {
            throw new BenchFailure("cannot write the JSON file " + file + ": " + e.getMessage(), e);
        }
    }
}
