package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The {@code --native} part of a bench run's output: for each native probe, either its comparison
 * (a table and JSON keys) or, when it could not run, one line saying why and the JSON object
 * {@code native_unavailable} (probe label to reason). Without {@code --native} it prints nothing.
 */
final class NativeBaselines {
    /** The reason a probe stands for when {@code --native} was not given. */
    static final String NOT_MEASURED = "not measured (--native measures it)";
    private final RmaOptions options;
    private final Map<String, Object> doc;
    private final PrintStream out;

    /**
     * @param options the run's options
     * @param doc the JSON document, to which the native keys are added
     * @param out where the tables go
     */
    NativeBaselines(RmaOptions options, Map<String, Object> doc, PrintStream out) {
        this.options = options;
        this.doc = doc;
        this.out = out;
    }

    /** Why {@code probe} will not run in this bench run: not asked for, or not buildable here. */
    static Optional<String> unavailable(RmaOptions options, NativeRunner natives, NativeProbe probe, PrintStream err) {
        return options.nativeBaselines() ? natives.unavailable(probe, err) : Optional.of(NOT_MEASURED);
    }

    /** The arguments of the SHMEM and MPI probes: mode, seconds per figure, barrier count, sizes. */
    static List<String> probeArgs(String mode, boolean quick, long[] sizes) {
        List<String> a = new ArrayList<>(List.of(mode, seconds(quick), quick ? "1000" : "200000"));
        for (long s : sizes) {
            a.add(Long.toString(s));
        }
        return a;
    }

    /** The arguments of the memory probe: seconds per figure, sizes. */
    static List<String> memoryProbeArgs(boolean quick, long[] sizes) {
        List<String> a = new ArrayList<>(List.of(seconds(quick)));
        for (long s : sizes) {
            a.add(Long.toString(s));
        }
        return a;
    }

    private static String seconds(boolean quick) {
        return quick ? "0.02" : "0.4";
    }

    /**
     * Prints and records {@code probe}'s comparison, or why there is none.
     *
     * @param comparison makes the comparison when the probe ran; it may give null when the caller
     *     has printed and recorded the figures itself
     */
    void compare(NativeProbe probe, Optional<String> missing, Supplier<NativeComparison> comparison) {
        if (missing.isEmpty()) {
            NativeComparison c = comparison.get();
            if (c != null) {
                c.print(out);
                c.addTo(doc);
            }
        } else if (options.nativeBaselines()) {
            out.println(probe.label() + ": " + missing.get());
            @SuppressWarnings("unchecked")
            Map<String, Object> why = (Map<String, Object>) doc.computeIfAbsent("native_unavailable", k -> new LinkedHashMap<>());
            why.put(probe.label(), missing.get());
        } else {
            out.println(probe.label() + ": " + NOT_MEASURED);
        }
    }
}
