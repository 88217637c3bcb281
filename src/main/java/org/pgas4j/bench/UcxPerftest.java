package org.pgas4j.bench;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.pgas4j.launcher.CoreBinding;

/**
 * UCX's own benchmark, {@code ucx_perftest} (Debian's {@code ucx-utils}), run as the baseline of
 * {@code bench rma --transport ucx}: for one test and one size, a server process
 * ({@code ucx_perftest -p PORT}) and a client process
 * ({@code ucx_perftest 127.0.0.1 -p PORT -t TEST -s SIZE -n N -w W -f -v}, for the bandwidth test
 * with {@code -O} one of {@link #OUTSTANDING}) on this host, both with the UCX settings of the pgas4j
 * jobs. The client prints one CSV line of final figures, which {@link #parse} reads.
 *
 * <p>When the host has two CPUs or more and {@code taskset} is installed, the server runs on CPU 0
 * and the client on CPU 1 ({@link #pinning()}): unpinned, two busy-polling processes that the
 * scheduler puts on one core take turns by time slices, and the figures become those of the
 * scheduler (4 ms "latencies" on the test machines). That is ucx_perftest's best case; pgas4j's
 * two PEs get the same one CPU each from {@code run}'s default binding where the host has two
 * CPUs (the header says which).
 *
 * <p>Units: ucx_perftest reports latency in microseconds, for its ping-pong tests
 * ({@code ucp_put_lat}) half of a round trip, and bandwidth in MiB/s (2^20 bytes per second),
 * which {@link #run} converts to the MB/s (10^6) of the other figures.
 */
final class UcxPerftest {
    /** The executable's name, looked up on {@code PATH}. */
    static final String EXECUTABLE = "ucx_perftest";
    /** The latency test: a ping-pong of puts, each side polling its own memory. */
    static final String PUT_LAT = "ucp_put_lat";
    /** The bandwidth test: a stream of puts. */
    static final String PUT_BW = "ucp_put_bw";
    /** The column of the latency figure: total time / iterations, as pgas4j's figures are taken. */
    static final String LATENCY_COLUMN = "overall_lat";
    /** The column of the bandwidth figure. */
    static final String BANDWIDTH_COLUMN = "overall_bw";
    /**
     * The puts in flight ({@code -O}) the bandwidth test is run with, the better figure counting:
     * pgas4j's window ({@link RmaPlan#WINDOW}), the same offered load, and one. Over tcp, UCX 1.13
     * with 64 puts of 1 MiB and more in flight mostly falls into a slow mode (about 30 MiB/s instead
     * of 700-1000) that one in flight avoids; the baseline is UCX at its better setting.
     * (ucx_perftest's default, 0, leaves them unbounded.)
     */
    static final List<Integer> OUTSTANDING = List.of(RmaPlan.WINDOW, 1);
    private static final double MIB_TO_MB = 1_048_576 / 1e6;

    private UcxPerftest() {
    }

    /** The path of {@link #EXECUTABLE} on {@code PATH}, or null when it is not there. */
    static Path find() {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String d : path.split(File.pathSeparator)) {
            if (d.isEmpty()) {
                continue;
            }
            Path p = Path.of(d, EXECUTABLE);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /** Whether the server and client are pinned to CPUs 0 and 1 (two CPUs or more, and taskset). */
    static boolean pinned() {
        return Runtime.getRuntime().availableProcessors() >= 2 && CoreBinding.taskset() != null;
    }

    /** How the processes are placed, for the header of the output. */
    static String pinning() {
        return pinned() ? "server on CPU 0, client on CPU 1 (taskset)" : "not pinned";
    }

    /** {@code command} run under {@code taskset -c cpu} when {@link #pinned()}. */
    private static List<String> onCpu(int cpu, List<String> command) {
        if (!pinned()) {
            return command;
        }
        List<String> c = new ArrayList<>(List.of(CoreBinding.taskset().toString(), "-c", Integer.toString(cpu)));
        c.addAll(command);
        return c;
    }

    /**
     * Runs {@code test} at {@code size} bytes with {@code iterations} timed and {@code warmup}
     * untimed iterations.
     *
     * @param outstanding the puts in flight of {@link #PUT_BW} ({@code -O}); ignored for {@link #PUT_LAT}
     * @param environment the UCX settings of both processes
     * @return the latency in microseconds for {@link #PUT_LAT}, the bandwidth in MB/s for {@link #PUT_BW}
     * @throws BenchFailure when a process fails, outlives {@code timeoutSeconds} or prints no figures
     */
    static double run(Path executable, String test, long size, int iterations, int warmup, int outstanding,
                      Map<String, String> environment, long timeoutSeconds, PrintStream err) {
        int port = freePort();
        String label = EXECUTABLE + " " + test + " " + size + " B" + (test.equals(PUT_BW) ? " -O " + outstanding : "");
        List<String> server = List.of(executable.toString(), "-p", Integer.toString(port));
        List<String> client = new ArrayList<>(List.of(executable.toString(), "127.0.0.1", "-p", Integer.toString(port),
                "-t", test, "-s", Long.toString(size), "-n", Integer.toString(iterations),
                "-w", Integer.toString(warmup), "-f", "-v"));
        if (test.equals(PUT_BW)) {
            client.addAll(List.of("-O", Integer.toString(outstanding)));
        }
        Process serverProcess = start(onCpu(0, server), environment, label + " server");
        try {
            awaitListening(port, serverProcess, label);
            Process clientProcess = start(onCpu(1, client), environment, label + " client");
            String out;
            try {
                if (!clientProcess.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                    throw new BenchFailure(label + " did not finish within " + timeoutSeconds + " s and was killed");
                }
                out = new String(clientProcess.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            } finally {
                clientProcess.destroyForcibly();
            }
            if (clientProcess.exitValue() != 0) {
                throw new BenchFailure(label + ": the client exited with status " + clientProcess.exitValue()
                        + "; its output:\n" + out);
            }
            Map<String, Double> figures = parse(out);
            String column = test.equals(PUT_BW) ? BANDWIDTH_COLUMN : LATENCY_COLUMN;
            Double v = figures.get(column);
            if (v == null || !(v > 0)) {
                throw new BenchFailure(label + ": no positive " + column + " in its output:\n" + out);
            }
            return test.equals(PUT_BW) ? v * MIB_TO_MB : v;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchFailure(label + ": interrupted", e);
        } catch (IOException e) {
            throw new BenchFailure(label + ": " + e.getMessage(), e);
        } finally {
            serverProcess.destroyForcibly();
            try {
                if (!serverProcess.waitFor(5, TimeUnit.SECONDS)) {
                    err.println("bench rma: " + label + " server did not end after being killed");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * The final figures of a client's {@code -f -v} output: the CSV header line beginning
     * {@code iterations,} and the next line with as many fields (UCX log lines may come between),
     * as column name to number.
     *
     * @throws BenchFailure when there is no such pair of lines or a value is not a number ({@code inf}
     *         and {@code nan}, which C prints, are)
     */
    static Map<String, Double> parse(String output) {
        List<String> lines = output.lines().map(String::trim).toList();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).startsWith("iterations,")) {
                continue;
            }
            String[] names = lines.get(i).split(",");
            for (int j = i + 1; j < lines.size(); j++) {
                String[] values = lines.get(j).split(",");
                if (values.length != names.length || lines.get(j).startsWith("[")) {
                    continue; // a UCX log line ("[time] [host:pid] ... WARN ...") between the two
                }
                Map<String, Double> m = new HashMap<>();
                for (int k = 0; k < names.length; k++) {
                    try {
                        m.put(names[k].trim(), number(values[k].trim()));
                    } catch (NumberFormatException e) {
                        throw new BenchFailure("ucx_perftest printed '" + values[k] + "' for " + names[k]
                                + ", not a number");
                    }
                }
                return m;
            }
        }
        throw new BenchFailure("no CSV figures (a line 'iterations,...' and one of values) in the ucx_perftest output:\n"
                + output);
    }

    /**
     * A figure as ucx_perftest prints it: a decimal number, or C's {@code inf}/{@code nan} (printed
     * for a column whose last interval had no time, such as {@code avg_lat} of a very fast run).
     */
    private static double number(String text) {
        return switch (text.toLowerCase(java.util.Locale.ROOT)) {
            case "inf", "+inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            case "nan", "-nan" -> Double.NaN;
            default -> Double.parseDouble(text);
        };
    }

    private static Process start(List<String> command, Map<String, String> environment, String label) {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().putAll(environment);
        if (label.endsWith("server")) {
            pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        }
        try {
            return pb.start();
        } catch (IOException e) {
            throw new BenchFailure(label + " could not be started: " + e.getMessage(), e);
        }
    }

    /** A TCP port that was free a moment ago, for the server's exchange of addresses. */
    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new BenchFailure("no free TCP port for ucx_perftest: " + e.getMessage(), e);
        }
    }

    /**
     * Waits until the server listens on {@code port}, read from /proc/net/tcp and tcp6 (connecting
     * to find out would make the server take the probe for its client).
     */
    private static void awaitListening(int port, Process server, String label) throws InterruptedException {
        String local = String.format(Locale.ROOT, ":%04X", port);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            if (!server.isAlive()) {
                throw new BenchFailure(label + ": the server exited with status " + server.exitValue()
                        + " before listening");
            }
            for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
                try {
                    for (String line : Files.readAllLines(Path.of(table))) {
                        String[] f = line.trim().split("\\s+");
                        // sl local_address rem_address st ...; st 0A is LISTEN
                        if (f.length > 3 && f[1].endsWith(local) && f[3].equals("0A")) {
                            return;
                        }
                    }
                } catch (IOException e) {
                    // No such table here: try the other, then wait.
                }
            }
            Thread.sleep(20);
        }
        throw new BenchFailure(label + ": the server did not listen on port " + port + " within 20 s");
    }
}
