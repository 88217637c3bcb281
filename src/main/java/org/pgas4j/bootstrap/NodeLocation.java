package org.pgas4j.bootstrap;

import java.util.Map;

/**
 * Where a PE runs among the hosts of its job: the host (node) index, the number of hosts, the PE's
 * rank among the PEs of its host and their number. On one host: node 0 of 1, and the local rank is
 * the job rank.
 *
 * @param node the index of this PE's host, {@code 0 <= node < nodes}
 * @param nodes the number of hosts the job spans
 * @param localRank this PE's rank among the PEs of its host
 * @param localSize the number of PEs on this PE's host
 * @param host the name the launcher gave this host, or {@code localhost} on one host
 */
public record NodeLocation(int node, int nodes, int localRank, int localSize, String host) {

    /** Checks the ranges. */
    public NodeLocation {
        if (nodes < 1 || node < 0 || node >= nodes || localSize < 1 || localRank < 0 || localRank >= localSize) {
            throw new IllegalArgumentException("node " + node + " of " + nodes + ", local rank " + localRank + " of "
                    + localSize + " is not a place in a job");
        }
    }

    /** The location of PE {@code rank} of a job of {@code size} PEs on one host. */
    public static NodeLocation singleHost(int rank, int size) {
        return new NodeLocation(0, 1, rank, size, "localhost");
    }

    /**
     * Reads the location from the launcher's variables ({@link LaunchEnvironment#NODE},
     * {@link LaunchEnvironment#NODES}, {@link LaunchEnvironment#LOCAL_RANK},
     * {@link LaunchEnvironment#LOCAL_SIZE}, {@link LaunchEnvironment#HOST}); a job on one host has
     * none of them.
     *
     * @throws BootstrapException when some but not all are set, or one is malformed
     */
    public static NodeLocation fromEnvironment(Map<String, String> env, int rank, int size) {
        String nodes = env.get(LaunchEnvironment.NODES);
        if (nodes == null) {
            return singleHost(rank, size);
        }
        int n = number(env, LaunchEnvironment.NODES, 1, size);
        int node = number(env, LaunchEnvironment.NODE, 0, n - 1);
        int localSize = number(env, LaunchEnvironment.LOCAL_SIZE, 1, size);
        int localRank = number(env, LaunchEnvironment.LOCAL_RANK, 0, localSize - 1);
        String host = env.getOrDefault(LaunchEnvironment.HOST, "node" + node);
        return new NodeLocation(node, n, localRank, localSize, host);
    }

    private static int number(Map<String, String> env, String name, int min, int max) {
        String text = env.get(name);
        if (text == null || text.isBlank()) {
            throw new BootstrapException("environment variable " + name + " is not set although "
                    + LaunchEnvironment.NODES + " is: start PEs with bin/pgas4j run");
        }
        int v;
        try {
            v = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new BootstrapException(name + "='" + text + "' is not an integer");
        }
        if (v < min || v > max) {
            throw new BootstrapException(name + "=" + v + " is outside [" + min + ", " + max + "]");
        }
        return v;
    }
}
