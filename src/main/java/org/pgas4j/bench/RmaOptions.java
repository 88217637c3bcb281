package org.pgas4j.bench;

import java.nio.file.Path;
import java.util.List;
import org.pgas4j.launcher.UsageException;

/**
 * The command line of {@code pgas4j bench rma}, and of the other benchmarks that share it.
 *
 * @param quick whether to take the short, reduced set of measurements ({@code --quick})
 * @param json where to write the figures as JSON ({@code --json FILE}), or null
 * @param nativeBaselines whether to measure native programs alongside ({@code --native})
 * @param plot where to draw the figures ({@code --plot FILE.svg|png}), or null
 */
record RmaOptions(boolean quick, Path json, boolean nativeBaselines, Path plot) {
    private static final String USAGE_EXTRAS = " [--native] [--plot FILE.svg|png]";

    /** Options without native baselines or a plot. */
    RmaOptions(boolean quick, Path json) {
        this(quick, json, false, null);
    }

    /**
     * Parses the arguments after {@code rma}.
     *
     * @throws UsageException naming the first argument that is wrong
     */
    static RmaOptions parse(List<String> args) {
        return parse(args, false);
    }

    private static RmaOptions parse(List<String> args, boolean baselines) {
        boolean quick = false;
        boolean nativeBaselines = false;
        Path json = null;
        Path plot = null;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals("--quick")) {
                quick = true;
            } else if (baselines && arg.equals("--native")) {
                nativeBaselines = true;
            } else if (arg.equals("--json") || (baselines && arg.equals("--plot"))) {
                if (i + 1 >= args.size() || args.get(i + 1).isEmpty()) {
                    throw new UsageException("bench rma: " + arg + " needs a file name, e.g. " + arg
                            + (arg.equals("--json") ? " rma.json" : " rma.svg"));
                }
                Path file = Path.of(args.get(++i));
                if (arg.equals("--json")) {
                    json = file;
                } else {
                    plot = plotFile(file);
                }
            } else if (arg.startsWith("--json=") && arg.length() > "--json=".length()) {
                json = Path.of(arg.substring("--json=".length()));
            } else if (baselines && arg.startsWith("--plot=") && arg.length() > "--plot=".length()) {
                plot = plotFile(Path.of(arg.substring("--plot=".length())));
            } else {
                throw new UsageException("bench rma: unknown argument '" + arg + "'; usage: bench rma [--transport shm|ucx]"
                        + " [--json FILE] [--quick]" + (baselines ? USAGE_EXTRAS : ""));
            }
        }
        return new RmaOptions(quick, json, nativeBaselines, plot);
    }

    private static Path plotFile(Path file) {
        try {
            org.pgas4j.plot.PlotFile.check(file);
        } catch (IllegalArgumentException e) {
            throw new UsageException("bench rma: --plot " + e.getMessage());
        }
        return file;
    }

    /**
     * Parses the arguments of {@code bench NAME} for a benchmark that also takes {@code --native}
     * and {@code --plot FILE.svg|png}; the messages name that benchmark.
     *
     * @throws UsageException naming the first argument that is wrong
     */
    static RmaOptions parseWithBaselines(String bench, List<String> args) {
        return renamed(bench, () -> parse(args, true));
    }

    /**
     * Parses the arguments of {@code bench NAME}, another benchmark with the command line of
     * {@code bench rma}; the messages name that benchmark.
     *
     * @throws UsageException naming the first argument that is wrong
     */
    static RmaOptions parse(String bench, List<String> args) {
        return renamed(bench, () -> parse(args));
    }

    private static RmaOptions renamed(String bench, java.util.function.Supplier<RmaOptions> parse) {
        if (bench.equals("rma")) {
            return parse.get();
        }
        try {
            return parse.get();
        } catch (UsageException e) {
            // bench atomics takes --transport too; every other benchmark runs over shm only.
            String message = bench.equals("atomics") ? e.getMessage() : e.getMessage().replace(" [--transport shm|ucx]", "");
            throw new UsageException(message
                    .replace("bench rma", "bench " + bench)
                    .replace("rma.json", bench + ".json").replace("rma.svg", bench + ".svg"));
        }
    }
}
