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
    /** {@code host:port} of the launcher's rendezvous server (loopback). */
    public static final String RENDEZVOUS = "PGAS4J_RENDEZVOUS";
    /** The transport name chosen for the job ({@code shm} or {@code local}). */
    public static final String TRANSPORT = "PGAS4J_TRANSPORT";

    private LaunchEnvironment() {
    }

    /** Whether {@code env} describes a PE started by the launcher. */
    public static boolean isLaunched(Map<String, String> env) {
        return env.containsKey(RANK) && env.containsKey(SIZE) && env.containsKey(RENDEZVOUS);
    }
}
