package org.pgas4j.bench;

import java.io.PrintStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Optional;
import org.pgas4j.launcher.UsageException;

/**
 * {@code pgas4j bench atomics [--transport shm|ucx] [--json FILE] [--quick] [--native]}: remote
 * atomics between two PEs on this host over {@code shm} ({@code --transport ucx}: the rate of
 * non-fetching atomics over ucx, {@link UcxAtomicsBenchmark}). {@link AtomicsPlan#rounds()} rounds of: the raw ping-pong between two
 * plain JVMs ({@link RawPingPong}, as in {@code bench rma}: the machine's cross-core latency just
 * before), then a 2-PE job of {@link AtomicsPe} (blocking fetch-add latency, non-blocking
 * fetch-add rate, compare-and-swap latency). Each figure is the median of the rounds.
 */
final class AtomicsBenchmark implements Benchmark {
    private static final String NAME = "atomics";
    private static final String NATIVE_SHMEM_CAS = "native_shmem_cswap_lat_us";
    private static final String NATIVE_MPI_CAS = "native_mpi_cswap_lat_us";
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
        return "[--transport shm|ucx] [--json FILE] [--quick] [--native]  fetch-add and compare-and-swap latency,"
                + " fetch-add rate, next to a raw JVM ping-pong and (--native) the installed OpenSHMEM's and MPI's (shm);"
                + " the rate of xors to random words completed by waitNbi, next to (--native) OSHMEM's (ucx)";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        List<String> rest = new ArrayList<>(args);
        String transport = RmaBenchmark.transport(NAME, rest);
        RmaOptions options = RmaOptions.parseWithBaselines(NAME, rest);
        if (options.plot() != null) {
            throw new UsageException("bench atomics: --plot draws figures against message size or PEs; atomics have neither");
        }
        if (options.json() != null && Files.isDirectory(options.json())) {
            throw new UsageException("bench atomics: --json " + options.json() + " is a directory; give a file name");
        }
        if (transport.equals(UcxRmaBenchmark.TRANSPORT)) {
            return UcxAtomicsBenchmark.run(options, out, err);
        }
        AtomicsPlan plan = AtomicsPlan.of(options.quick());
        long timeout = options.quick() ? QUICK_TIMEOUT_SECONDS : FULL_TIMEOUT_SECONDS;
        out.println(header(plan));
        out.flush();
        try (NativeRunner natives = NativeRunner.create(JvmCommands.TRANSPORT, Map.of())) {
            Optional<String> shmem = NativeBaselines.unavailable(options, natives, NativeProbe.SHMEM, err);
            Optional<String> mpi = NativeBaselines.unavailable(options, natives, NativeProbe.MPI, err);
            Progress progress = new Progress(NAME, plan.rounds() * (2 + (shmem.isEmpty() ? 1 : 0) + (mpi.isEmpty() ? 1 : 0)), err);
            List<Map<String, Double>> rounds = new ArrayList<>();
            for (int r = 1; r <= plan.rounds(); r++) {
                String of = plan.rounds() > 1 ? " (round " + r + " of " + plan.rounds() + ")" : "";
                progress.phase("raw ping-pong, 2 plain JVMs" + of);
                Map<String, Double> round = new HashMap<>(RawPingPong.measure(RmaPlan.named(plan.name()), timeout, err));
                progress.phase("atomics job" + of);
                round.putAll(ChildProcess.run("atomics job", JvmCommands.pgasJob(timeout, AtomicsPe.class, plan.name()),
                        timeout + LAUNCHER_GRACE_SECONDS, err));
                List<String> probeArgs = NativeBaselines.probeArgs("atomics", options.quick(), new long[0]);
                if (shmem.isEmpty()) {
                    progress.phase(NativeProbe.SHMEM.label() + ", 2 PEs" + of);
                    round.putAll(natives.run(NativeProbe.SHMEM, JvmCommands.PES, probeArgs, Set.of(NATIVE_SHMEM_CAS),
                            timeout, err));
                }
                if (mpi.isEmpty()) {
                    progress.phase(NativeProbe.MPI.label() + ", 2 processes" + of);
                    round.putAll(natives.run(NativeProbe.MPI, JvmCommands.PES, probeArgs, Set.of(NATIVE_MPI_CAS), timeout, err));
                }
                err.println("bench atomics:   " + AtomicsMetrics.RAW_PINGPONG_ONEWAY_US + " "
                        + RmaTable.fixed(round.getOrDefault(AtomicsMetrics.RAW_PINGPONG_ONEWAY_US, Double.NaN)) + " "
                        + AtomicsMetrics.FADD_LAT_US + " " + RmaTable.fixed(round.getOrDefault(AtomicsMetrics.FADD_LAT_US, Double.NaN)));
                rounds.add(round);
            }
            Map<String, Double> medians = RoundMedian.of(rounds);
            AtomicsReport report = AtomicsReport.from(medians);
            AtomicsTable.print(report, out);
            Map<String, Object> doc = report.toDocument();
            NativeBaselines baselines = new NativeBaselines(options, doc, out);
            baselines.compare(NativeProbe.SHMEM, shmem, () -> comparison(NativeProbe.SHMEM, medians, "shmem"));
            baselines.compare(NativeProbe.MPI, mpi, () -> comparison(NativeProbe.MPI, medians, "mpi"));
            if (options.json() != null) {
                JsonFile.write(options.json(), Json.write(doc));
                out.println("JSON written to " + options.json());
            }
        }
        out.flush();
        return 0;
    }

    /** Fetch-add and compare-and-swap next to the native library's: {@code atomics_vs_native_<lib>_*_ratio}. */
    private static NativeComparison comparison(NativeProbe probe, Map<String, Double> medians, String library) {
        return new NativeComparison(probe.label(), medians, new long[0])
                .single(new NativeComparison.Pair("fetch-add (us)", AtomicsMetrics.FADD_LAT_US,
                        "native_" + library + "_fadd_lat_us", "atomics_vs_native_" + library + "_fadd_ratio", false))
                .single(new NativeComparison.Pair("compare-and-swap (us)", AtomicsMetrics.CAS_LAT_US,
                        "native_" + library + "_cswap_lat_us", "atomics_vs_native_" + library + "_cas_ratio", false));
    }

    /**
     * The same command line as {@code bench rma}, parsed by {@link RmaOptions}; its messages name
     * this benchmark instead.
     */
    static RmaOptions parse(List<String> args) {
        return RmaOptions.parse("atomics", args);
    }

    /** The first line of the output: that of {@code bench rma}, naming this benchmark. */
    static String header(AtomicsPlan plan) {
        return RmaBenchmark.header(RmaPlan.named(plan.name())).replace("bench rma", "bench atomics");
    }
}
