package org.pgas4j.bench;

import java.nio.file.Path;
import java.util.List;
import org.pgas4j.launcher.UsageException;

/**
 * The command line of {@code pgas4j bench rma}.
 *
 * @param quick whether to take the short, reduced set of measurements ({@code --quick})
 * @param json where to write the figures as JSON ({@code --json FILE}), or null
 */
record RmaOptions(boolean quick, Path json) {

    /**
     * Parses the arguments after {@code rma}.
     *
     * @throws UsageException naming the first argument that is wrong
     */
    static RmaOptions parse(List<String> args) {
        boolean quick = false;
        Path json = null;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals("--quick")) {
                quick = true;
            } else if (arg.equals("--json")) {
                if (i + 1 >= args.size() || args.get(i + 1).isEmpty()) {
                    throw new UsageException("bench rma: --json needs a file name, e.g. --json rma.json");
                }
                json = Path.of(args.get(++i));
            } else if (arg.startsWith("--json=") && arg.length() > "--json=".length()) {
                json = Path.of(arg.substring("--json=".length()));
            } else {
                throw new UsageException("bench rma: unknown argument '" + arg + "'; usage: bench rma [--transport shm|ucx] [--json FILE] [--quick]");
            }
        }
        return new RmaOptions(quick, json);
    }

    /**
     * Parses the arguments of {@code bench NAME}, another benchmark with the command line of
     * {@code bench rma}; the messages name that benchmark.
     *
     * @throws UsageException naming the first argument that is wrong
     */
    static RmaOptions parse(String bench, List<String> args) {
        try {
            return parse(args);
        } catch (UsageException e) {
            throw new UsageException(e.getMessage().replace(" [--transport shm|ucx]", "")
                    .replace("bench rma", "bench " + bench)
                    .replace("rma.json", bench + ".json"));
        }
    }
}
