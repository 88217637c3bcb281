package org.pgas4j.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Binding the PEs that {@code run} starts on this host to its CPUs, one CPU each, as Open MPI's
 * {@code --bind-to core} does: a PE (its JVM, all its threads) started under {@code taskset -c CPU},
 * and told with {@code -XX:ActiveProcessorCount} how many CPUs the job has, so that the JVM's
 * ergonomics and pgas4j's own choices (spinning, which depends on whether a host runs more PEs
 * than it has cores) are what they are unbound.
 *
 * <p>Why: on a host whose cores the job fills, an unbound PE's threads (its own, and the JIT
 * compiler threads that compile its hot path at the start) land on any core, beside the other PE
 * it waits for; bound, each PE's compilations run on its own core. bench warmup's lock-step loop,
 * 2 PEs on 2 cores: its first 65,536 steps 1.48-1.56 µs a step in five runs bound against
 * 1.73-2.53 unbound (docs/launcher.md, Binding PEs to cores).
 *
 * <p>{@link Policy#AUTO} (the default) binds when the job fills the CPUs this launcher may use,
 * exactly one PE per CPU, and only then: a smaller job left unbound can share a large host with
 * other jobs without two of them piling onto the same first CPUs.
 */
public final class CoreBinding {
    /** Where {@code taskset} (util-linux) is looked for. */
    private static final List<Path> TASKSET = List.of(Path.of("/usr/bin/taskset"), Path.of("/bin/taskset"));

    /** How the PEs of a job are bound. */
    public enum Policy {
        /** One CPU per PE when the job has exactly one PE per CPU of this host, else none. */
        AUTO,
        /** One CPU per PE, in rank order, round robin when there are more PEs than CPUs. */
        CORE,
        /** No binding: the operating system places the PEs' threads. */
        NONE;

        /**
         * Parses {@code --bind-to}'s value.
         *
         * @param value {@code auto}, {@code core} or {@code none}
         * @return the policy
         * @throws UsageException for any other value
         */
        public static Policy parse(String value) {
            return switch (value.toLowerCase(Locale.ROOT)) {
                case "auto" -> AUTO;
                case "core" -> CORE;
                case "none" -> NONE;
                default -> throw new UsageException("--bind-to " + value + ": give auto, core or none");
            };
        }
    }

    private CoreBinding() {
    }

    /**
     * The CPU of each rank of a job of {@code np} PEs all started on this host, or null when they
     * are not bound (the policy, or no {@code taskset}, or the allowed CPUs cannot be read).
     *
     * @param policy the job's policy
     * @param np how many PEs the job starts here
     * @param allowed the CPUs this launcher may run on, ascending, or null when unknown
     * @return a CPU per rank, or null
     */
    static int[] cpus(Policy policy, int np, List<Integer> allowed) {
        if (policy == Policy.NONE || allowed == null || allowed.isEmpty() || taskset() == null
                || policy == Policy.AUTO && np != allowed.size()) {
            return null;
        }
        int[] cpus = new int[np];
        for (int rank = 0; rank < np; rank++) {
            cpus[rank] = allowed.get(rank % allowed.size());
        }
        return cpus;
    }

    /**
     * How {@code run}'s default policy ({@link Policy#AUTO}) places a job of {@code np} PEs on this
     * host, in words for a bench's header: the CPU of each rank, or that they are not bound.
     *
     * @param np the job's PEs on this host
     * @return for example "bound: ranks 0-1 on CPUs 0,1 (run's --bind-to auto)"
     */
    public static String defaultPlacement(int np) {
        return placement(Policy.AUTO, np, allowedCpus());
    }

    /** {@link #defaultPlacement} for a given policy and allowed CPUs. */
    static String placement(Policy policy, int np, List<Integer> allowed) {
        int[] cpus = cpus(policy, np, allowed);
        String how = " (run's --bind-to " + policy.name().toLowerCase(Locale.ROOT) + ")";
        if (cpus == null) {
            return "not bound" + how;
        }
        StringBuilder list = new StringBuilder();
        for (int cpu : cpus) {
            list.append(list.isEmpty() ? "" : ",").append(cpu);
        }
        return "bound: ranks 0-" + (np - 1) + " on CPUs " + list + how;
    }

    /**
     * {@code command} (a JVM's, its executable first) run bound to {@code cpu}, its JVM told that
     * the job has {@code jobCpus} CPUs. A {@code -XX:ActiveProcessorCount} of the user's own comes
     * later on the command line and wins.
     */
    static List<String> bound(List<String> command, int cpu, int jobCpus) {
        List<String> c = new ArrayList<>(command.size() + 4);
        c.add(taskset().toString());
        c.add("-c");
        c.add(Integer.toString(cpu));
        c.add(command.get(0));
        c.add("-XX:ActiveProcessorCount=" + jobCpus);
        c.addAll(command.subList(1, command.size()));
        return c;
    }

    /**
     * The {@code taskset} program (util-linux), or null where there is none; the benches pin their
     * baselines with it too.
     *
     * @return its path, or null
     */
    public static Path taskset() {
        for (Path p : TASKSET) {
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /**
     * The CPUs this process may run on ({@code Cpus_allowed_list} of {@code /proc/self/status}),
     * ascending, or null off Linux or when it cannot be read.
     */
    static List<Integer> allowedCpus() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return parseCpuList(line.substring(line.indexOf(':') + 1).trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return null;
    }

    /**
     * Parses a Linux CPU list such as {@code 0-3,8,10-11}.
     *
     * @throws IllegalArgumentException when {@code text} is not one
     */
    static List<Integer> parseCpuList(String text) {
        List<Integer> cpus = new ArrayList<>();
        for (String part : text.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            int dash = p.indexOf('-');
            int from = Integer.parseInt(dash < 0 ? p : p.substring(0, dash));
            int to = dash < 0 ? from : Integer.parseInt(p.substring(dash + 1));
            if (from < 0 || to < from) {
                throw new IllegalArgumentException("not a CPU list: " + text);
            }
            for (int c = from; c <= to; c++) {
                cpus.add(c);
            }
        }
        return cpus;
    }
}
