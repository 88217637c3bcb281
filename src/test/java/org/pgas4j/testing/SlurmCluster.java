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
 * A real one-node Slurm cluster for tests (the recipe of shared/notes/slurm-on-one-machine.md):
 * {@code munged}, {@code slurmctld} and {@code slurmd}, each in the foreground, in a temporary
 * directory with their own {@code slurm.conf}, munge key and socket, free ports and state, the
 * node declared with {@link #CPUS} CPUs ({@code SlurmdParameters=config_overrides}) so that steps
 * of up to that many tasks start on a small machine. {@link #close} ends exactly the processes
 * it started (and their children), by their ids. Needs root (slurmd) and the user {@code munge}.
 */
public final class SlurmCluster implements AutoCloseable {
    /** The CPUs the node declares. */
    public static final int CPUS = 16;
    private static final long START_TIMEOUT_MILLIS = 40_000;

    private final Path dir;
    private final Path conf;
    private final List<Process> daemons = new ArrayList<>();

    private SlurmCluster(Path dir) {
        this.dir = dir;
        this.conf = dir.resolve("slurm.conf");
    }

    /**
     * Starts the cluster in {@code dir} and waits until its node is idle.
     *
     * @throws IOException naming the daemon that did not start, with the end of its log
     */
    public static SlurmCluster start(Path dir) throws IOException, InterruptedException {
        SlurmCluster c = new SlurmCluster(dir);
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
        Files.createDirectories(dir.resolve("spool"));
        int ctldPort = freePort();
        int dPort = freePort();
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
                SlurmdSpoolDir=%5$s/spool
                SlurmctldPidFile=%5$s/ctld.pid
                SlurmdPidFile=%5$s/d.pid
                SlurmctldLogFile=%5$s/ctld.log
                SlurmdLogFile=%5$s/d.log
                SelectType=select/cons_tres
                SelectTypeParameters=CR_Core
                SlurmdParameters=config_overrides
                MpiDefault=none
                ReturnToService=2
                KillWait=2
                NodeName=%1$s CPUs=%6$d Sockets=1 CoresPerSocket=%6$d ThreadsPerCore=1 RealMemory=2000 State=UNKNOWN
                PartitionName=test Nodes=%1$s Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:%6$d
                """.formatted(host, socket, ctldPort, dPort, dir, CPUS));
        daemons.add(daemon("slurmctld", List.of("slurmctld", "-D", "-i", "-f", conf.toString())));
        daemons.add(daemon("slurmd", List.of("slurmd", "-D", "-f", conf.toString())));
        await(() -> {
            try {
                return run(List.of("sinfo", "-h", "-o", "%t")).contains("idle");
            } catch (IOException e) {
                return false;
            }
        }, "slurmctld and slurmd", dir.resolve("d.log"));
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

    /** A {@link ProcessBuilder} for {@code command} with {@code SLURM_CONF} pointing at this cluster. */
    public ProcessBuilder command(List<String> command) {
        ProcessBuilder pb = new ProcessBuilder(command);
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
