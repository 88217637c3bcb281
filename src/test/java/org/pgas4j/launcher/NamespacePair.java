package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import org.pgas4j.testing.SystemComponent;

/**
 * Two network namespaces joined by a veth pair, for tests whose jobs must cross a real network
 * interface: the veth is created inside the namespaces, so no interface of this host is touched;
 * {@link #remove()} kills whatever still runs in them and deletes them (and with them the veth).
 * Creation skips the calling test (an assumption) when not root or without iproute2's {@code ip}.
 */
final class NamespacePair {
    /** What a command printed and how it ended. */
    record Outcome(int status, String output) {
    }

    final String first;
    final String second;
    private final List<String> created = new ArrayList<>();

    private NamespacePair(String first, String second) {
        this.first = first;
        this.second = second;
    }

    /**
     * Creates namespaces {@code first} and {@code second} and a veth between them, {@code firstDevice}
     * in the first with {@code firstAddress}/24 and {@code secondDevice} in the second with
     * {@code secondAddress}/24, and brings them and both loopbacks up.
     */
    static NamespacePair create(String first, String second, String firstDevice, String firstAddress,
                                String secondDevice, String secondAddress) throws Exception {
        SystemComponent.ROOT.assume();
        SystemComponent.IPROUTE2.assume();
        NamespacePair pair = new NamespacePair(first, second);
        for (String ns : List.of(first, second)) {
            Outcome o = run(10, "ip", "netns", "add", ns);
            if (o.status() != 0) {
                pair.remove();
            }
            assumeTrue(o.status() == 0, "cannot create a network namespace here: " + o.output());
            pair.created.add(ns);
        }
        must("ip", "-n", first, "link", "add", firstDevice, "type", "veth", "peer", "name", secondDevice, "netns",
                second);
        must("ip", "-n", first, "addr", "add", firstAddress + "/24", "dev", firstDevice);
        must("ip", "-n", second, "addr", "add", secondAddress + "/24", "dev", secondDevice);
        for (String[] nsDev : new String[][] {{first, firstDevice}, {second, secondDevice}, {first, "lo"},
            {second, "lo"}}) {
            must("ip", "-n", nsDev[0], "link", "set", nsDev[1], "up");
        }
        awaitRunning(first, firstDevice);
        awaitRunning(second, secondDevice);
        return pair;
    }

    /**
     * Waits until {@code device} in {@code ns} has its carrier ({@code LOWER_UP}, operational state
     * UP): the kernel reports a new veth's carrier up to a second after both ends are set up, and
     * UCX refuses a device that is not running yet ("network device ... is not available").
     */
    private static void awaitRunning(String ns, String device) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        String shown = "";
        while (System.nanoTime() < deadline) {
            shown = run(5, "ip", "-n", ns, "link", "show", "dev", device).output();
            if (shown.contains("LOWER_UP") && shown.contains("state UP")) {
                return;
            }
            Thread.sleep(20);
        }
        throw new IllegalStateException(device + " in " + ns + " did not come up within 10 s: " + shown);
    }

    /** The pids of the processes in namespace {@code ns}, as {@code ip netns pids} prints them. */
    static String pids(String ns) throws Exception {
        return run(10, "ip", "netns", "pids", ns).output();
    }

    /**
     * Kills, from the tagged output {@code lines} of a job (one {@code MultiHostLauncherTest.LINE}
     * per PE), every PE placed on {@code host}, checking first that each runs in {@code namespace};
     * returns how many it killed.
     */
    static int killPesOf(List<String> lines, String host, String namespace) throws Exception {
        String inside = pids(namespace);
        int killed = 0;
        for (String line : lines) {
            Matcher m = MultiHostLauncherTest.LINE.matcher(line);
            assertTrue(m.matches(), line);
            if (m.group(8).equals(host)) {
                assertTrue(inside.contains(m.group(10)), "PE " + m.group(1)
                        + " (pid " + m.group(10) + ") does not run in " + namespace + ": " + inside);
                ProcessHandle.of(Long.parseLong(m.group(10))).ifPresent(ProcessHandle::destroyForcibly);
                killed++;
            }
        }
        return killed;
    }

    /** Kills what runs in the namespaces and deletes them. Idempotent. */
    void remove() throws Exception {
        for (String ns : created) {
            for (String pid : pids(ns).split("\\s+")) {
                if (pid.matches("\\d+")) {
                    ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
                }
            }
            run(10, "ip", "netns", "del", ns);
        }
        created.clear();
    }

    /** Runs {@code cmd}, failing the test when it fails. */
    static void must(String... cmd) throws Exception {
        Outcome o = run(10, cmd);
        if (o.status() != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed: " + o.output());
        }
    }

    /** Runs {@code cmd} for at most {@code seconds}; its output and status (-1: could not run or timed out). */
    static Outcome run(int seconds, String... cmd) throws Exception {
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            return new Outcome(-1, e.getMessage());
        }
        p.getOutputStream().close();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Outcome(-1, String.join(" ", cmd) + " timed out");
        }
        return new Outcome(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}
