package org.pgas4j.launcher;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgas4j.bootstrap.LaunchEnvironment;

/**
 * The environment variables of one PE, besides the secret: the job's launch variables (rank, size,
 * job id, rendezvous, transport and, on named hosts, the host index, local rank and local size)
 * and the variables forwarded from the launcher. A child PE on this host inherits the launcher's
 * environment anyway; a remote PE gets exactly these, so they include every {@code PGAS4J_*} and
 * {@code SHMEM_*} variable of the launcher (the settings' twins) and every {@code --env} entry.
 */
final class PeVariables {
    private PeVariables() {
    }

    /**
     * The launch variables of {@code rank}.
     *
     * @param slot its place among the hosts, or null on this host only
     * @param nodes the number of hosts of the job
     */
    static Map<String, String> launch(int rank, int size, String jobId, String rendezvous, String transport,
                                      Placement.Slot slot, int nodes) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put(LaunchEnvironment.RANK, Integer.toString(rank));
        env.put(LaunchEnvironment.SIZE, Integer.toString(size));
        env.put(LaunchEnvironment.JOB_ID, jobId);
        env.put(LaunchEnvironment.RENDEZVOUS, rendezvous);
        env.put(LaunchEnvironment.TRANSPORT, transport);
        if (slot != null) {
            env.put(LaunchEnvironment.NODE, Integer.toString(slot.node()));
            env.put(LaunchEnvironment.NODES, Integer.toString(nodes));
            env.put(LaunchEnvironment.LOCAL_RANK, Integer.toString(slot.localRank()));
            env.put(LaunchEnvironment.LOCAL_SIZE, Integer.toString(slot.localSize()));
            env.put(LaunchEnvironment.HOST, slot.host());
        }
        return env;
    }

    /**
     * The variables forwarded from the launcher: its {@code PGAS4J_*} and {@code SHMEM_*}
     * variables (but not the launch variables of a job it may itself run in), then the
     * {@code --env} entries ({@code NAME} takes the launcher's value, {@code NAME=VALUE} sets one).
     *
     * @throws UsageException for {@code --env NAME} when the launcher has no such variable
     */
    static Map<String, String> forwarded(Map<String, String> launcherEnv, List<String> entries) {
        Map<String, String> env = new LinkedHashMap<>();
        launcherEnv.entrySet().stream()
                .filter(e -> e.getKey().startsWith("PGAS4J_") || e.getKey().startsWith("SHMEM_"))
                .filter(e -> !LaunchEnvironment.ALL.contains(e.getKey()))
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> env.put(e.getKey(), e.getValue()));
        for (String entry : entries) {
            int eq = entry.indexOf('=');
            if (eq >= 0) {
                env.put(entry.substring(0, eq), entry.substring(eq + 1));
            } else if (launcherEnv.containsKey(entry)) {
                env.put(entry, launcherEnv.get(entry));
            } else {
                throw new UsageException("--env " + entry + ": the launcher has no variable " + entry
                        + " to forward; write --env " + entry + "=VALUE");
            }
        }
        return env;
    }
}
