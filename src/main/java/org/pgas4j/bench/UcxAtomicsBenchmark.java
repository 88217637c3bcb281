package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.pgas4j.transport.ucx.UcpLibrary;

/**
 * {@code pgas4j bench atomics --transport ucx [--json FILE] [--quick] [--native]}: the rate of
 * non-fetching atomics over the {@code ucx} transport, GUPS-like: PE 0 xors pseudo-random words of
 * a 1 MiB table on PE 1, completing every 1024 with {@code waitNbi} ({@link AtomicsXorRatePe},
 * {@value AtomicsXorRatePe#XOR_RATE}). With {@code --native} and Open MPI's OSHMEM installed, the
 * same loop in C ({@code shmem_long_atomic_xor} + {@code shmem_quiet}, {@code shmem_probe xor})
 * runs under {@code oshrun} over UCX with the same {@code UCX_*} settings
 * ({@value #NATIVE_RATE}), and the ratio pgas4j / native is {@value #RATIO} (at least 1 is the
 * target: pgas4j as fast or faster). Where OSHMEM is missing the reason is printed and the
 * native figures are left out. The UCX settings are those of {@code bench rma --transport ucx}
 * ({@link UcxRmaBenchmark#environment}: {@code UCX_TLS=tcp} on {@code lo} unless the environment
 * sets {@code UCX_TLS}). The plan's rounds alternate the two; each figure is the median of them.
 */
final class UcxAtomicsBenchmark {
    /** The native figure, as this benchmark names it. */
    static final String NATIVE_RATE = "native_ucx_xor_rate_per_s";
    /** What the C probe prints. */
    static final String PROBE_RATE = "native_shmem_xor_rate_per_s";
    /** pgas4j's rate over the native one. */
    static final String RATIO = "ucx_vs_native_xor_rate_ratio";
    private static final long FULL_TIMEOUT_SECONDS = 180;
    private static final long QUICK_TIMEOUT_SECONDS = 60;
    private static final long LAUNCHER_GRACE_SECONDS = 10;

    private UcxAtomicsBenchmark() {
    }

    /**
     * Takes the measurements, prints the table and writes the JSON.
     *
     * @return 0
     * @throws BenchFailure when libucp is missing or a job fails
     */
    static int run(RmaOptions options, PrintStream out, PrintStream err) {
        String noUcx = UcpLibrary.unavailableReason();
        if (noUcx != null) {
            throw new BenchFailure("bench atomics --transport ucx: the ucx transport cannot run here: " + noUcx);
        }
        AtomicsPlan plan = AtomicsPlan.of(options.quick());
        long timeout = options.quick() ? QUICK_TIMEOUT_SECONDS : FULL_TIMEOUT_SECONDS;
        Map<String, String> environment = UcxRmaBenchmark.environment(System.getenv());
        out.println(header(plan, environment));
        out.flush();
        try (NativeRunner natives = NativeRunner.create(UcxRmaBenchmark.TRANSPORT,
                UcxRmaBenchmark.nativeEnvironment(environment))) {
            Optional<String> shmem = NativeBaselines.unavailable(options, natives, NativeProbe.SHMEM, err);
            Progress progress = new Progress("atomics", plan.rounds() * (shmem.isEmpty() ? 2 : 1), err);
            List<Map<String, Double>> rounds = new ArrayList<>();
            for (int r = 1; r <= plan.rounds(); r++) {
                String of = plan.rounds() > 1 ? " (round " + r + " of " + plan.rounds() + ")" : "";
                progress.phase("xor rate over ucx" + of);
                Map<String, Double> round = new HashMap<>(ChildProcess.run("ucx xor rate job",
                        JvmCommands.pgasJob(UcxRmaBenchmark.TRANSPORT, timeout, List.of(), AtomicsXorRatePe.class,
                                plan.name()), environment, timeout + LAUNCHER_GRACE_SECONDS, err));
                if (shmem.isEmpty()) {
                    progress.phase(NativeProbe.SHMEM.label() + " over ucx, 2 PEs" + of);
                    Map<String, Double> n = natives.run(NativeProbe.SHMEM, JvmCommands.PES,
                            NativeBaselines.probeArgs("xor", options.quick(), new long[0]), Set.of(PROBE_RATE), timeout,
                            err);
                    round.put(NATIVE_RATE, n.get(PROBE_RATE));
                }
                rounds.add(round);
            }
            Map<String, Double> medians = RoundMedian.of(rounds);
            double rate = ResultLine.positive(medians, AtomicsXorRatePe.XOR_RATE, "ucx xor rate job");
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put(AtomicsXorRatePe.XOR_RATE, rate);
            out.println(String.format(Locale.ROOT, "%-30s %14s", "figure", "value"));
            out.println(String.format(Locale.ROOT, "%-30s %14.0f", AtomicsXorRatePe.XOR_RATE, rate));
            if (shmem.isEmpty()) {
                double nativeRate = ResultLine.positive(medians, NATIVE_RATE, NativeProbe.SHMEM.program());
                double ratio = rate / nativeRate;
                doc.put(NATIVE_RATE, nativeRate);
                doc.put(RATIO, ratio);
                out.println(String.format(Locale.ROOT, "%-30s %14.0f", NATIVE_RATE, nativeRate));
                out.println(String.format(Locale.ROOT, "%-30s %14.3f  target >= 1.0: %s", RATIO, ratio,
                        ratio >= 1.0 ? "met" : "NOT met"));
            } else {
                out.println(NATIVE_RATE + ": " + NativeProbe.SHMEM.label() + " " + shmem.get());
                doc.put(NATIVE_RATE + "_missing", shmem.get());
            }
            if (options.json() != null) {
                JsonFile.write(options.json(), Json.write(doc));
                out.println("JSON written to " + options.json());
            }
        }
        out.flush();
        return 0;
    }

    /** The first line of the output: that of {@code bench rma --transport ucx}, naming this benchmark. */
    static String header(AtomicsPlan plan, Map<String, String> added) {
        return UcxRmaBenchmark.header(RmaPlan.named(plan.name()), added).replace("bench rma", "bench atomics");
    }
}
