package org.pgas4j.launcher;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What Slurm tells one task of a job step ({@code srun}) through its environment: the task's rank
 * and the step's size, the task's node and its rank on that node, and names for the rendezvous
 * file.
 *
 * @param rank {@code SLURM_PROCID}
 * @param size {@code SLURM_NTASKS} (or {@code SLURM_NPROCS})
 * @param node {@code SLURM_NODEID}: the node's index in the step
 * @param nodes {@code SLURM_NNODES} (or {@code SLURM_JOB_NUM_NODES})
 * @param localRank {@code SLURM_LOCALID}
 * @param localSize the tasks on this node, from {@code SLURM_STEP_TASKS_PER_NODE} (or
 *        {@code SLURM_TASKS_PER_NODE}), such as {@code 2(x3),1}
 * @param hostName {@code SLURMD_NODENAME}, or {@code node<N>}
 * @param stepName {@code <SLURM_JOB_ID>.<SLURM_STEP_ID>}: the same for every task of the step
 * @param placement where every task runs, when Slurm placed them in blocks (its default
 *        distribution, or {@code SLURM_DISTRIBUTION=block...}) and {@code SLURM_STEP_NODELIST}
 *        names the nodes; otherwise null (then only this task's place is known)
 */
record SlurmTask(int rank, int size, int node, int nodes, int localRank, int localSize, String hostName,
                 String stepName, Placement placement) {

    /**
     * Reads the task from Slurm's variables.
     *
     * @throws UsageException naming a variable that is missing, malformed or inconsistent (for
     *         example outside an allocation, or without {@code srun})
     */
    static SlurmTask fromEnvironment(Map<String, String> env) {
        int size = number(env, 1, RunOptions.MAX_PES, "SLURM_NTASKS", "SLURM_NPROCS");
        int rank = number(env, 0, size - 1, "SLURM_PROCID");
        int nodes = number(env, 1, size, "SLURM_NNODES", "SLURM_JOB_NUM_NODES");
        int node = number(env, 0, nodes - 1, "SLURM_NODEID");
        String perNodeName = env.containsKey("SLURM_STEP_TASKS_PER_NODE") ? "SLURM_STEP_TASKS_PER_NODE"
                : "SLURM_TASKS_PER_NODE";
        String perNodeText = env.get(perNodeName);
        if (perNodeText == null) {
            throw new UsageException("--slurm: SLURM_STEP_TASKS_PER_NODE is not set; run 'srun bin/pgas4j run --slurm ...'"
                    + " inside a Slurm allocation");
        }
        List<Integer> perNode = tasksPerNode(perNodeText, perNodeName);
        if (perNode.size() != nodes) {
            throw new UsageException("--slurm: " + perNodeName + "=" + perNodeText + " describes " + perNode.size()
                    + " nodes but the step has " + nodes);
        }
        if (perNode.stream().mapToInt(Integer::intValue).sum() != size) {
            throw new UsageException("--slurm: " + perNodeName + "=" + perNodeText + " adds up to "
                    + perNode.stream().mapToInt(Integer::intValue).sum() + " tasks but SLURM_NTASKS is " + size);
        }
        int localSize = perNode.get(node);
        int localRank = number(env, 0, localSize - 1, "SLURM_LOCALID");
        String host = env.getOrDefault("SLURMD_NODENAME", "node" + node);
        String job = env.get("SLURM_JOB_ID");
        if (job == null || !job.matches("[0-9_A-Za-z]+")) {
            throw new UsageException("--slurm: SLURM_JOB_ID is " + (job == null ? "not set" : "'" + job + "'"));
        }
        String step = env.getOrDefault("SLURM_STEP_ID", "0");
        if (!step.matches("[0-9A-Za-z_]+")) {
            throw new UsageException("--slurm: SLURM_STEP_ID is '" + step + "'");
        }
        return new SlurmTask(rank, size, node, nodes, localRank, localSize, host, job + "." + step,
                blockPlacement(env, size, perNode, rank, node, localRank));
    }

    /** The step's placement when it is a block one over named nodes, else null. */
    private static Placement blockPlacement(Map<String, String> env, int size, List<Integer> perNode, int rank,
                                            int node, int localRank) {
        String distribution = env.getOrDefault("SLURM_DISTRIBUTION", "block");
        String nodeList = env.getOrDefault("SLURM_STEP_NODELIST", env.get("SLURM_JOB_NODELIST"));
        if (!distribution.startsWith("block") || nodeList == null) {
            return null;
        }
        List<String> names = SlurmHostList.expand(nodeList);
        if (names.size() != perNode.size()) {
            return null;
        }
        List<HostList.Host> hosts = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            hosts.add(new HostList.Host(names.get(i), perNode.get(i)));
        }
        Placement p = Placement.block(size, hosts);
        Placement.Slot mine = p.slot(rank);
        return mine.node() == node && mine.localRank() == localRank ? p : null;
    }

    /**
     * Expands Slurm's compressed tasks-per-node list: {@code 2(x3),1} is 2, 2, 2, 1.
     *
     * @throws UsageException when {@code text} is malformed
     */
    static List<Integer> tasksPerNode(String text, String name) {
        List<Integer> counts = new ArrayList<>();
        for (String part : text.trim().split(",")) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+)(?:\\(x(\\d+)\\))?").matcher(part.trim());
            if (!m.matches()) {
                throw new UsageException("--slurm: " + name + "='" + text + "' is not a list like 2(x3),1");
            }
            int count = Integer.parseInt(m.group(1));
            int repeat = m.group(2) == null ? 1 : Integer.parseInt(m.group(2));
            if (count < 1 || repeat < 1 || counts.size() + repeat > RunOptions.MAX_PES) {
                throw new UsageException("--slurm: " + name + "='" + text + "' has an entry out of range");
            }
            for (int i = 0; i < repeat; i++) {
                counts.add(count);
            }
        }
        return counts;
    }

    private static int number(Map<String, String> env, int min, int max, String... names) {
        for (String name : names) {
            String text = env.get(name);
            if (text == null) {
                continue;
            }
            int v;
            try {
                v = Integer.parseInt(text.trim());
            } catch (NumberFormatException e) {
                throw new UsageException("--slurm: " + name + "='" + text + "' is not a whole number");
            }
            if (v < min || v > max) {
                throw new UsageException("--slurm: " + name + "=" + v + " is outside [" + min + ", " + max + "]");
            }
            return v;
        }
        throw new UsageException("--slurm: " + names[0] + " is not set; run 'srun bin/pgas4j run --slurm ...'"
                + " inside a Slurm allocation");
    }
}
