package org.pgas4j.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real Slurm cluster for tests (the recipe of shared/notes/slurm-on-one-machine.md):
 * {@code munged}, {@code slurmctld} and {@code slurmd}, each in the foreground, in a temporary
 * directory with their own {@code slurm.conf}, munge key and socket, free ports and state, each
 * node declared with {@link #CPUS} CPUs ({@code SlurmdParameters=config_overrides}) so that steps
 * of up to that many tasks per node start on a small machine. {@link #close} ends exactly the
 * processes it started (and their children), by their ids. Needs root (slurmd) and the user
 * {@code munge}.
 *
 * <p>{@link #start} makes one node, this host. {@link #startTwoNodes} makes two, {@code n1} and
 * {@code n2}, each a {@code slurmd} in a network namespace of its own (the caller's, joined by a
 * veth), with {@code slurmctld} in the first: each daemon is entered into its namespace with
 * {@code nsenter --net} (not {@code ip netns exec}, whose fresh {@code /sys} has no
 * {@code /sys/fs/cgroup}, without which slurmd 22.05 refuses to start), each slurmd is given its
 * node name ({@code -N}), and every per-node path carries {@code %n}: the spool, pid and log
 * files and {@code TmpFS}, under which Slurm's PMIx plugin makes each step's client directory
 * (two nodes on one file system would otherwise both create {@code /tmp/spmix_appdir_<uid>_<step>}
 * and the second step daemon fails). Commands made by {@link #command} run in the first
 * namespace, where the controller listens.
 */
public final class SlurmCluster implements AutoCloseable {
    /** The CPUs the node declares. */
    public static final int CPUS = 16;
    private static final long START_TIMEOUT_MILLIS = 40_000;

    private final Path dir;
    private final Path conf;
    /** The network namespaces of nodes n1 and n2, or empty for a one-node cluster on this host. */
    private final List<String> namespaces;
    private final List<String> addresses;
    private final List<Process> daemons = new ArrayList<>();

    private SlurmCluster(Path dir, List<String> namespaces, List<String> addresses) {
        this.dir = dir;
        this.conf = dir.resolve("slurm.conf");
        this.namespaces = namespaces;
        this.addresses = addresses;
    }

    /**
     * Starts the cluster in {@code dir} and waits until its node is idle.
     *
     * @throws IOException naming the daemon that did not start, with the end of its log
     */
    public static SlurmCluster start(Path dir) throws IOException, InterruptedException {
        return start(new SlurmCluster(dir, List.of(), List.of()));
    }

    /**
     * Starts a cluster of two nodes, {@code n1} in network namespace {@code nsA} at {@code addressA}
     * (with the controller) and {@code n2} in {@code nsB} at {@code addressB}, in {@code dir}, and
     * waits until both nodes are idle. The namespaces must exist ({@code ip netns add}) and reach
     * each other at those addresses.
     *
     * @throws IOException naming the daemon that did not start, with the end of its log
     */
    public static SlurmCluster startTwoNodes(Path dir, String nsA, String addressA, String nsB, String addressB)
            throws IOException, InterruptedException {
        return start(new SlurmCluster(dir, List.of(nsA, nsB), List.of(addressA, addressB)));
    }

    private static SlurmCluster start(SlurmCluster c) throws IOException, InterruptedException {
        try {
            c.startDaemons();
            return c;
        } catch (IOException | InterruptedException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    private void startDaemons() throws IOException, InterruptedException {
        String host = run(List.of("hostname", "-s")).trim();
        run(List.of("chmod", "755", dir.toString())); // munged runs as the user munge: it must reach its directory
        Path munge = dir.resolve("munge");
        Files.createDirectories(munge);
        Path key = munge.resolve("munge.key");
        byte[] k = new byte[1024];
        new SecureRandom().nextBytes(k);
        Files.write(key, k);
        Path socket = munge.resolve("munge.socket");
        run(List.of("chown", "-R", "munge:munge", munge.toString()));
        run(List.of("chmod", "755", munge.toString())); // munged: the socket directory must be searchable by all
        run(List.of("chmod", "400", key.toString()));
        daemons.add(daemon("munged", List.of("runuser", "-u", "munge", "--", "munged", "--foreground",
                "--key-file=" + key, "--socket=" + socket, "--pid-file=" + munge.resolve("munged.pid"),
                "--seed-file=" + munge.resolve("seed"), "--log-file=" + munge.resolve("munged.log"), "--num-threads=2")));
        await(() -> Files.exists(socket), "munged", dir.resolve("munged.out"));
        Files.createDirectories(dir.resolve("state"));
        List<String> nodes = namespaces.isEmpty() ? List.of(host) : List.of("n1", "n2");
        for (String node : nodes) {
            Files.createDirectories(dir.resolve("spool-" + node));
            Files.createDirectories(dir.resolve("tmp-" + node));
        }
        int ctldPort = freePort();
        int dPort = freePort();
        StringBuilder nodeLines = new StringBuilder();
        for (int i = 0; i < nodes.size(); i++) {
            nodeLines.append("NodeName=").append(nodes.get(i))
                    .append(namespaces.isEmpty() ? "" : " NodeAddr=" + addresses.get(i) + " NodeHostname=" + host)
                    .append(" CPUs=%1$d Sockets=1 CoresPerSocket=%1$d ThreadsPerCore=1 RealMemory=2000 State=UNKNOWN\n"
                            .formatted(CPUS));
        }
        Files.writeString(conf, """
                ClusterName=pgas4jtest
                SlurmctldHost=%1$s
                AuthType=auth/munge
                AuthInfo=socket=%2$s
                CredType=cred/munge
                ProctrackType=proctrack/linuxproc
                TaskPlugin=task/none
                SlurmUser=root
                SlurmctldPort=%3$d
                SlurmdPort=%4$d
                StateSaveLocation=%5$s/state
                SlurmdSpoolDir=%5$s/spool-%%n
                TmpFS=%5$s/tmp-%%n
                SlurmctldPidFile=%5$s/ctld.pid
                SlurmdPidFile=%5$s/d-%%n.pid
                SlurmctldLogFile=%5$s/ctld.log
                SlurmdLogFile=%5$s/d-%%n.log
                SelectType=select/cons_tres
                SelectTypeParameters=CR_Core
                SlurmdParameters=config_overrides
                MpiDefault=none
                ReturnToService=2
                KillWait=2
                %7$sPartitionName=test Nodes=%8$s Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:%6$d
                """.formatted(namespaces.isEmpty() ? host : host + "(" + addresses.getFirst() + ")", socket, ctldPort,
                dPort, dir, CPUS, nodeLines, String.join(",", nodes)));
        daemons.add(daemon("slurmctld", inNamespace(0, List.of("slurmctld", "-D", "-i", "-f", conf.toString()))));
        for (int i = 0; i < nodes.size(); i++) {
            List<String> slurmd = new ArrayList<>(List.of("slurmd", "-D", "-f", conf.toString()));
            if (!namespaces.isEmpty()) {
                slurmd.addAll(List.of("-N", nodes.get(i)));
            }
            daemons.add(daemon("slurmd-" + nodes.get(i), inNamespace(i, slurmd)));
        }
        await(() -> {
            try {
                List<String> states = run(List.of("sinfo", "-h", "-N", "-o", "%t")).lines().map(String::trim).toList();
                return states.size() == nodes.size() && states.stream().allMatch("idle"::equals);
            } catch (IOException e) {
                return false;
            }
        }, "slurmctld and slurmd", dir.resolve("d-" + nodes.getLast() + ".log"));
    }

    /** {@code command} entered into the network namespace of node {@code node}, if the cluster has namespaces. */
    private List<String> inNamespace(int node, List<String> command) {
        if (namespaces.isEmpty()) {
            return command;
        }
        List<String> c = new ArrayList<>(List.of("nsenter", "--net=/run/netns/" + namespaces.get(node)));
        c.addAll(command);
        return c;
    }

    private interface Check {
        boolean holds() throws IOException, InterruptedException;
    }

    private void await(Check check, String what, Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MILLIS);
        while (!check.holds()) {
            for (Process p : daemons) {
                if (!p.isAlive()) {
                    throw new IOException(what + " did not start: " + p.info().command().orElse("a daemon")
                            + " exited with " + p.exitValue() + "; " + tail(log));
                }
            }
            if (System.nanoTime() > deadline) {
                throw new IOException(what + " did not get ready within " + START_TIMEOUT_MILLIS / 1000 + " s; "
                        + tail(log));
            }
            Thread.sleep(200);
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return log + " ends: " + String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "no log at " + log;
        }
    }

    private Process daemon(String name, List<String> command) throws IOException {
        return command(command).redirectErrorStream(true).redirectOutput(dir.resolve(name + ".out").toFile()).start();
    }

    /**
     * A {@link ProcessBuilder} for {@code command} with {@code SLURM_CONF} pointing at this cluster
     * (in the first node's network namespace on a two-node cluster).
     */
    public ProcessBuilder command(List<String> command) {
        ProcessBuilder pb = new ProcessBuilder(inNamespace(0, command));
        pb.environment().putAll(environment());
        return pb;
    }

    /** The variables that make Slurm's commands use this cluster. */
    public Map<String, String> environment() {
        return Map.of("SLURM_CONF", conf.toString());
    }

    /** Runs a Slurm command against this cluster; its standard output. */
    private String run(List<String> command) throws IOException, InterruptedException {
        Process p = command(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(command + " did not end");
        }
        if (p.exitValue() != 0) {
            throw new IOException(command + " failed: " + out);
        }
        return out;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Ends the daemons this cluster started (and their children), slurmd first, by their ids. */
    @Override
    public void close() {
        for (int i = daemons.size() - 1; i >= 0; i--) {
            Process p = daemons.get(i);
            List<ProcessHandle> children = p.descendants().toList();
            p.destroy();
            children.forEach(ProcessHandle::destroy);
            try {
                if (!p.waitFor(10, TimeUnit.SECONDS)) {
                    children.forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                    p.waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            }
        }
        daemons.clear();
    }
}
