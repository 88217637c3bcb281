package org.pgas4j.bootstrap;

import java.util.Map;

/**
 * The environment variables through which {@code bin/pgas4j run} hands a spawned PE its place in
 * the job. This is the whole contract between the launcher and a PE process.
 */
public final class LaunchEnvironment {
    /** This PE's rank, decimal. */
    public static final String RANK = "PGAS4J_RANK";
    /** The job size, decimal. */
    public static final String SIZE = "PGAS4J_SIZE";
    /** The job id: 16 lowercase hex digits, random per job; prefix of every shared file. */
    public static final String JOB_ID = "PGAS4J_JOB_ID";
    /** The per-job secret (32 hex digits) a PE presents to join the rendezvous. */
    public static final String SECRET = "PGAS4J_SECRET";
    /**
     * {@code host:port} of the launcher's rendezvous server: a loopback address, unless the job
     * spans hosts ({@link #NODES} is set), when it is the launcher's address on the network.
     */
    public static final String RENDEZVOUS = "PGAS4J_RENDEZVOUS";
    /** The transport name chosen for the job ({@code shm} or {@code local}). */
    public static final String TRANSPORT = "PGAS4J_TRANSPORT";
    /** The index of this PE's host (node) among the job's hosts, decimal; absent on one host. */
    public static final String NODE = "PGAS4J_NODE";
    /** How many hosts (nodes) the job spans, decimal; absent on one host. */
    public static final String NODES = "PGAS4J_NODES";
    /** This PE's rank among the PEs of its host, decimal; absent on one host (it is the rank). */
    public static final String LOCAL_RANK = "PGAS4J_LOCAL_RANK";
    /** How many PEs of the job run on this PE's host, decimal; absent on one host. */
    public static final String LOCAL_SIZE = "PGAS4J_LOCAL_SIZE";
    /** The name the launcher knows this PE's host by ({@code --hosts}); absent on one host. */
    public static final String HOST = "PGAS4J_HOST";
    /**
     * When {@code 1} (and {@link #SECRET} is absent), the job secret is the first line of the PE's
     * standard input: remote spawners send it that way so that it never appears on a command line.
     */
    public static final String SECRET_ON_STDIN = "PGAS4J_SECRET_ON_STDIN";

    private LaunchEnvironment() {
    }

    /** Every variable the launcher sets for a PE, for clearing inherited values before a spawn. */
    public static final java.util.List<String> ALL = java.util.List.of(RANK, SIZE, JOB_ID, SECRET, RENDEZVOUS,
            TRANSPORT, NODE, NODES, LOCAL_RANK, LOCAL_SIZE, HOST, SECRET_ON_STDIN);

    /** Whether {@code env} describes a PE started by the launcher. */
    public static boolean isLaunched(Map<String, String> env) {
        return env.containsKey(RANK) && env.containsKey(SIZE) && env.containsKey(RENDEZVOUS);
    }
}
