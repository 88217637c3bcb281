package org.pgas4j.bench;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Set;
import java.util.Optional;
import org.pgas4j.launcher.CoreBinding;
import org.pgas4j.transport.ucx.UcpLibrary;
import org.pgas4j.transport.ucx.UcxDefaults;

/**
 * {@code pgas4j bench rma --transport ucx [--json FILE] [--quick]}: pgas4j's one-sided put and
 * get between two PEs over the {@code ucx} transport, next to UCX's own {@code ucx_perftest}
 * ({@link UcxPerftest}) at the same sizes and with the same UCX settings, all in one run. Each
 * measurement runs in processes of its own, one at a time:
 * <ol>
 * <li>put latency by size: a ping-pong of implicit puts, each side waiting with
 *     {@code Client.poll()} in its loop ({@link UcxPingPongPe}, a job of 2 PEs over ucx), which is
 *     how {@code ucx_perftest -t ucp_put_lat} measures it, run next at each size;</li>
 * <li>put bandwidth by size ({@link PutBandwidthPe}): in windows of 64 puts each completed by
 *     {@code waitNbi}, as OSU's {@code osu_oshm_put_bw}, and as a stream completed once, as
 *     {@code ucx_perftest -t ucp_put_bw} measures it, run next at each size;</li>
 * <li>with ucx_perftest, the steady-state comparison like for like ({@link SteadyBandwidth}): at
 *     issue 23's sizes, long runs of pgas4j ({@link SteadyPutBandwidthPe}) and of ucx_perftest with
 *     pgas4j's UCX settings, alternated, which issue 23's bandwidth target is held against;</li>
 * <li>blocking put latency (put and flush, {@link RmaLatencyPe}), blocking get latency, and the
 *     putLong ping-pong whose waits never call pgas4j (each put then waits for the target's
 *     progress thread to wake).</li>
 * </ol>
 * The UCX settings are the environment's; when {@code UCX_TLS} is unset the run uses
 * {@code UCX_TLS=tcp} and, unless {@code UCX_NET_DEVICES} is set, {@code UCX_NET_DEVICES=lo}, and
 * the header says which. pgas4j's jobs also take tcp settings of their own where the environment
 * sets none ({@link UcxDefaults}: larger segments); ucx_perftest's bandwidth is then measured twice,
 * with UCX's settings (what a UCX program of the user's gets) and with pgas4j's (like for like),
 * and both ratios are printed. Both sides take the same counts from the plan ({@link RmaPlan#UCX_FULL},
 * {@link RmaPlan#UCX_QUICK}): per size, {@code repetitions} timed runs of {@code iterations(size)}
 * operations, reporting the median of the runs' averages (ucx_perftest: a fresh server and client
 * per run, with {@code iterations(size)} warm-up operations). Without
 * {@code ucx_perftest} on {@code PATH} pgas4j's figures are still taken and written, the
 * comparison is reported as failed, and the command exits with status 1.
 */
final class UcxRmaBenchmark {
    /** The transport name of {@code --transport ucx}. */
    static final String TRANSPORT = "ucx";
    /** The UCX transports used when {@code UCX_TLS} is unset. */
    static final String DEFAULT_TLS = "tcp";
    /** The UCX device used when neither {@code UCX_TLS} nor {@code UCX_NET_DEVICES} is set. */
    static final String DEFAULT_DEVICES = "lo";
    private static final long FULL_TIMEOUT_SECONDS = 600;
    private static final long QUICK_TIMEOUT_SECONDS = 60;
    private static final long LAUNCHER_GRACE_SECONDS = 10;
    private static final String NATIVE_MPI_PUT = "native_mpi_put_lat_us";
    private static final String NATIVE_MPI_GET = "native_mpi_get_lat_us";
    /** Timed bytes of each steady-state run, full plan: about half a second at tcp's speed here. */
    private static final long STEADY_BYTES = 2L << 30;
    /**
     * The untimed warm-up before them on the same connection, full plan, in milliseconds: a fresh
     * PE's put path keeps being compiled, deoptimised and recompiled for about 3 s, and a
     * compilation as late as 3.5 s stalled the sender 34 ms ({@link SteadyPutBandwidthPe}).
     * ucx_perftest warms up with the bytes pgas4j's warm-up moved.
     */
    private static final long STEADY_WARMUP_MILLIS = 5_000;
    /**
     * Rounds of the steady-state comparison, full plan: five, since one size's rounds spread over
     * 0.74-0.97 in one run of three (docs/benchmarks.md, seventeenth and eighteenth sessions).
     */
    private static final int STEADY_ROUNDS = 5;
    /** The same three for {@code --quick}: a check that it runs. */
    private static final long QUICK_STEADY_BYTES = 32L << 20;
    private static final long QUICK_STEADY_WARMUP_MILLIS = 100;
    private static final int QUICK_STEADY_ROUNDS = 1;

    private UcxRmaBenchmark() {
    }

    /**
     * Takes the measurements, prints the table and writes the JSON.
     *
     * @return 0, or 1 when ucx_perftest could not be run
     * @throws BenchFailure when libucp is missing or a pgas4j job fails
     */
    static int run(RmaOptions options, PrintStream out, PrintStream err) {
        boolean quick = options.quick();
        Path json = options.json();
        String noUcx = UcpLibrary.unavailableReason();
        if (noUcx != null) {
            throw new BenchFailure("bench rma --transport ucx: the ucx transport cannot run here: " + noUcx);
        }
        RmaPlan plan = RmaPlan.ofUcx(quick);
        long timeout = quick ? QUICK_TIMEOUT_SECONDS : FULL_TIMEOUT_SECONDS;
        Map<String, String> environment = environment(System.getenv());
        Path perftest = UcxPerftest.find();
        String perftestMissing = perftest == null ? UcxPerftest.EXECUTABLE
                + " was not found on PATH (Debian and Ubuntu: apt-get install ucx-utils); no baseline to compare with"
                : null;
        Map<String, String> ucxEnvironment = nativeEnvironment(environment);
        Map<String, String> pgasTcp = UcxDefaults.tcpVariables(ucxEnvironment);
        out.println(header(plan, environment));
        out.flush();
        if (perftestMissing != null) {
            err.println("bench rma: " + perftestMissing);
        } else {
            out.println("# ucx_perftest: " + perftest + ", " + UcxPerftest.pinning() + "; pgas4j PEs "
                    + CoreBinding.defaultPlacement(JvmCommands.PES));
            out.println(pgasTcp.isEmpty() ? "# ucx_perftest runs with the tcp settings pgas4j's jobs take (the environment's)"
                    : "# pgas4j's jobs take tcp settings of their own where the environment sets none: " + pgasTcp
                    + "; ucx_perftest runs with UCX's (perftest_bw) and again with these (same_bw)");
        }

        Map<String, Double> results = new HashMap<>();
        Map<Long, Double> perftestLat = null;
        Map<Long, Double> perftestBw = null;
        Map<Long, Double> perftestSameBw = null;
        try (NativeRunner natives = NativeRunner.create(TRANSPORT, ucxEnvironment)) {
            Optional<String> mpi = NativeBaselines.unavailable(options, natives, NativeProbe.MPI, err);
            boolean sameRun = perftest != null && !pgasTcp.isEmpty();
            Map<String, String> same = new LinkedHashMap<>(environment); // ucx_perftest like for like
            same.putAll(pgasTcp);
            Progress progress = new Progress("rma", 5 + (perftest != null ? 3 : 0) + (sameRun ? 1 : 0)
                    + (mpi.isEmpty() ? 1 : 0), err);
            progress.phase("put latency over ucx (ping-pong of implicit puts)");
            results.putAll(job("ucx put latency job", timeout, environment, err, UcxPingPongPe.class, "poll", plan.name()));
            if (perftest != null) {
                progress.phase("ucx_perftest " + UcxPerftest.PUT_LAT);
                perftestLat = perftestSweep(perftest, UcxPerftest.PUT_LAT, plan, environment, timeout, err);
            }
            progress.phase("put bandwidth over ucx");
            results.putAll(job("ucx put bandwidth job", timeout, environment, err, PutBandwidthPe.class, plan.name(),
                    PutBandwidthPe.STREAM));
            if (perftest != null) {
                progress.phase("ucx_perftest " + UcxPerftest.PUT_BW);
                perftestBw = perftestSweep(perftest, UcxPerftest.PUT_BW, plan, environment, timeout, err);
            }
            if (sameRun) {
                progress.phase("ucx_perftest " + UcxPerftest.PUT_BW + " with pgas4j's tcp settings");
                perftestSameBw = perftestSweep(perftest, UcxPerftest.PUT_BW, plan, same, timeout, err);
            }
            SteadyBandwidth steady = null;
            if (perftest != null) {
                progress.phase("steady-state put bandwidth, pgas4j and ucx_perftest alternated (like for like)");
                steady = steadySweep(perftest, plan, environment, same, timeout, err);
            }
            progress.phase("blocking put latency over ucx");
            results.putAll(job("ucx blocking put job", timeout, environment, err, RmaLatencyPe.class, "put", plan.name()));
            progress.phase("blocking get latency over ucx");
            results.putAll(job("ucx get latency job", timeout, environment, err, RmaLatencyPe.class, "get", plan.name()));
            if (mpi.isEmpty()) {
                progress.phase(NativeProbe.MPI.label() + " over ucx, 2 processes");
                results.putAll(natives.run(NativeProbe.MPI, JvmCommands.PES, NativeBaselines.probeArgs("rma", quick,
                        plan.sizes()), Set.of(ResultLine.key(NATIVE_MPI_GET, plan.sizes()[0])), timeout, err));
            }
            progress.phase("putLong ping-pong over ucx, spinning without pgas4j");
            results.putAll(job("ucx ping-pong job (spin)", timeout, environment, err, UcxPingPongPe.class, "spin",
                    plan.name()));

            long[] sizes = plan.sizes();
            UcxRmaReport report = new UcxRmaReport(sizes, bySize(UcxPingPongPe.PUT_LAT_US, sizes, results),
                    bySize(RmaMetrics.PUT_LAT_US, sizes, results), bySize(RmaMetrics.GET_LAT_US, sizes, results),
                    bySize(RmaMetrics.PUT_BW_MBPS, sizes, results), bySize(RmaMetrics.PUT_BW_STREAM_MBPS, sizes, results),
                    ResultLine.positive(results, UcxPingPongPe.AGENT_ONEWAY_US, "ucx ping-pong job (spin)"),
                    perftestLat, perftestBw, perftestSameBw, perftestMissing, steady);
            report.print(out);
            Map<String, Object> doc = report.toDocument();
            new NativeBaselines(options, doc, out).compare(NativeProbe.MPI, mpi,
                    () -> new NativeComparison(NativeProbe.MPI.label() + " over ucx", results, sizes)
                            .bySize(new NativeComparison.Pair("put + flush (us)", RmaMetrics.PUT_LAT_US, NATIVE_MPI_PUT,
                                    "rma_vs_native_mpi_put_ratio", false))
                            .bySize(new NativeComparison.Pair("get (us)", RmaMetrics.GET_LAT_US, NATIVE_MPI_GET,
                                    "rma_vs_native_mpi_get_ratio", false)));
            if (json != null) {
                JsonFile.write(json, Json.write(doc));
                out.println("JSON written to " + json);
            }
            if (options.plot() != null) {
                BenchPlot.write(options.plot(), chart(report, results, sizes), out);
            }
            out.flush();
            return report.hasPerftest() ? 0 : 1;
        }
    }

    private static org.pgas4j.plot.Chart chart(UcxRmaReport report, Map<String, Double> results, long[] sizes) {
        NativeComparison c = new NativeComparison("", results, sizes);
        return BenchPlot.bySize("bench rma --transport ucx: put and get latency", BenchPlot.subtitle(TRANSPORT),
                "latency (us)", List.of(
                        new BenchPlot.Line("pgas4j put (ping-pong)", new TreeMap<>(report.putLatUs()), false),
                        new BenchPlot.Line("pgas4j put + flush", new TreeMap<>(report.putFlushLatUs()), false),
                        new BenchPlot.Line("pgas4j get", new TreeMap<>(report.getLatUs()), false),
                        new BenchPlot.Line("ucx_perftest ucp_put_lat", report.perftestPutLatUs() == null
                                ? new TreeMap<>() : new TreeMap<>(report.perftestPutLatUs()), true),
                        new BenchPlot.Line("native MPI put + flush", c.figuresBySize(NATIVE_MPI_PUT), true),
                        new BenchPlot.Line("native MPI get", c.figuresBySize(NATIVE_MPI_GET), true)));
    }

    /** The UCX settings of the native programs: this environment's UCX_* and the defaults the jobs get. */
    static Map<String, String> nativeEnvironment(Map<String, String> added) {
        Map<String, String> env = new LinkedHashMap<>();
        System.getenv().forEach((k, v) -> {
            if (k.startsWith("UCX_")) {
                env.put(k, v);
            }
        });
        env.putAll(added);
        return env;
    }

    /**
     * The UCX settings the jobs and ucx_perftest get on top of this environment: none when
     * {@code UCX_TLS} is set, else {@code UCX_TLS=tcp} and, when {@code UCX_NET_DEVICES} is unset
     * too, {@code UCX_NET_DEVICES=lo}.
     */
    static Map<String, String> environment(Map<String, String> current) {
        Map<String, String> env = new LinkedHashMap<>();
        if (current.get("UCX_TLS") == null) {
            env.put("UCX_TLS", DEFAULT_TLS);
            if (current.get("UCX_NET_DEVICES") == null) {
                env.put("UCX_NET_DEVICES", DEFAULT_DEVICES);
            }
        }
        return env;
    }

    /** The first line of the output: when, where, how, and with which UCX settings. */
    static String header(RmaPlan plan, Map<String, String> added) {
        StringBuilder ucx = new StringBuilder();
        for (String name : List.of("UCX_TLS", "UCX_NET_DEVICES")) {
            String v = added.containsKey(name) ? added.get(name) : System.getenv(name);
            ucx.append(' ').append(name).append('=').append(v == null ? "(unset)" : v);
        }
        return "# pgas4j bench rma | " + OffsetDateTime.now().truncatedTo(ChronoUnit.SECONDS)
                + " | cores: " + Runtime.getRuntime().availableProcessors()
                + " | transport: " + TRANSPORT + ", " + JvmCommands.PES + " PEs"
                + " |" + ucx + (added.isEmpty() ? " (from the environment)" : " (defaults: UCX_TLS was unset)")
                + " | java " + Runtime.version() + " | plan: " + plan.name();
    }

    /**
     * {@code test} at every size of the plan, the way {@link SizeSweep} times pgas4j: per size,
     * {@link RmaPlan#repetitions()} runs of {@code iterations(size)} timed operations after as many
     * warm-up ones, each a fresh server and client, and the median of the runs. The bandwidth test
     * is run so for each of {@link UcxPerftest#OUTSTANDING}, and the higher median counts.
     */
    private static Map<Long, Double> perftestSweep(Path perftest, String test, RmaPlan plan,
                                                   Map<String, String> environment, long timeout, PrintStream err) {
        List<Integer> outstanding = test.equals(UcxPerftest.PUT_BW) ? UcxPerftest.OUTSTANDING : List.of(0);
        Map<Long, Double> m = new LinkedHashMap<>();
        for (long size : plan.sizes()) {
            int n = plan.iterations(size);
            double best = 0;
            for (int o : outstanding) {
                double[] runs = new double[plan.perftestRuns()];
                for (int r = 0; r < runs.length; r++) {
                    runs[r] = UcxPerftest.run(perftest, test, size, n, n, o, environment, timeout, err);
                }
                best = Math.max(best, Median.of(runs));
            }
            m.put(size, best);
        }
        return m;
    }

    /**
     * The steady-state comparison ({@link SteadyBandwidth}) at the plan's sizes among issue 23's:
     * per size, rounds of one {@link SteadyPutBandwidthPe} job with {@code environment} and then one
     * {@code ucx_perftest -O 64} with {@code same} (the environment plus pgas4j's tcp settings),
     * each moving the same bytes after the same warm-up: ucx_perftest's the bytes that pgas4j's
     * timed warm-up moved. Odd rounds run ucx_perftest first (warming up with the bytes of the
     * round before), so that neither program always follows the other.
     */
    private static SteadyBandwidth steadySweep(Path perftest, RmaPlan plan, Map<String, String> environment,
                                               Map<String, String> same, long timeout, PrintStream err) {
        boolean quick = plan.quick();
        long bytes = quick ? QUICK_STEADY_BYTES : STEADY_BYTES;
        long warmupMillis = quick ? QUICK_STEADY_WARMUP_MILLIS : STEADY_WARMUP_MILLIS;
        int rounds = quick ? QUICK_STEADY_ROUNDS : STEADY_ROUNDS;
        List<Long> sizes = UcxRmaReport.targetSizes(plan.sizes());
        Map<Long, double[]> pgas = new LinkedHashMap<>();
        Map<Long, double[]> perftestMBps = new LinkedHashMap<>();
        for (long size : sizes) {
            double[] p = new double[rounds];
            double[] u = new double[rounds];
            double warmed = 0;
            for (int r = 0; r < rounds; r++) {
                boolean perftestFirst = (r & 1) == 1; // round 0 goes pgas4j first: its warm-up sets ucx_perftest's
                if (perftestFirst) {
                    u[r] = steadyPerftest(perftest, size, bytes, warmed, same, timeout, err);
                }
                String label = "ucx steady put bandwidth job";
                Map<String, Double> results = job(label, timeout, environment, err, SteadyPutBandwidthPe.class,
                        Long.toString(size), Long.toString(bytes), Long.toString(warmupMillis));
                p[r] = ResultLine.positive(results, ResultLine.key(SteadyPutBandwidthPe.PUT_BW_STEADY_MBPS, size), label);
                Double w = results.get(ResultLine.key(SteadyPutBandwidthPe.WARMUP_BYTES, size));
                if (w == null) {
                    throw new BenchFailure(label + " printed no " + SteadyPutBandwidthPe.WARMUP_BYTES + " at " + size);
                }
                warmed = w;
                if (!perftestFirst) {
                    u[r] = steadyPerftest(perftest, size, bytes, warmed, same, timeout, err);
                }
            }
            pgas.put(size, p);
            perftestMBps.put(size, u);
        }
        return sizes.isEmpty() ? null : new SteadyBandwidth(sizes, bytes, warmupMillis, pgas, perftestMBps);
    }

    /** One steady-state ucx_perftest run: {@code bytes} timed after {@code warmedBytes} of warm-up. */
    private static double steadyPerftest(Path perftest, long size, long bytes, double warmedBytes,
                                         Map<String, String> same, long timeout, PrintStream err) {
        return UcxPerftest.run(perftest, UcxPerftest.PUT_BW, size, SteadyPutBandwidthPe.operations(bytes, size),
                (int) (warmedBytes / size), RmaPlan.WINDOW, same, timeout, err);
    }

    private static Map<String, Double> job(String label, long timeout, Map<String, String> environment,
                                           PrintStream err, Class<?> main, String... args) {
        return ChildProcess.run(label, JvmCommands.pgasJob(TRANSPORT, timeout, List.of(), main, args), environment,
                timeout + LAUNCHER_GRACE_SECONDS, err);
    }

    private static Map<Long, Double> bySize(String metric, long[] sizes, Map<String, Double> results) {
        Map<Long, Double> m = new LinkedHashMap<>();
        for (long s : sizes) {
            m.put(s, ResultLine.positive(results, ResultLine.key(metric, s), "ucx job measuring " + metric));
        }
        return m;
    }

}
