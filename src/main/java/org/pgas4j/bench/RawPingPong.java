package org.pgas4j.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.pgas4j.launcher.CoreBinding;

/**
 * The raw ping-pong baseline: creates the shared file (mode 0600, an unguessable name, in
 * {@code /dev/shm}), starts the two {@link RawPingPongProbe} JVMs on it, collects the pinger's
 * figure and removes the file, whatever happened.
 */
final class RawPingPong {
    private static final Path SHM = Path.of("/dev/shm");

    private RawPingPong() {
    }

    /**
     * Runs the baseline.
     *
     * @return the results, with {@link RmaMetrics#RAW_PINGPONG_ONEWAY_US}
     * @throws BenchFailure if a side fails or outlives {@code timeoutSeconds}
     */
    static Map<String, Double> measure(RmaPlan plan, long timeoutSeconds, PrintStream err) {
        return run(plan, timeoutSeconds, err, "", List.of());
    }

    /**
     * The same-core baseline: both sides pinned to CPU 0 with {@code taskset}, waiting with
     * {@code Thread.yield()}; the result has {@link CollMetrics#RAW_SAMECORE_HANDOFF_US}. Empty when
     * {@code taskset} is not installed.
     */
    static Map<String, Double> measureSameCore(RmaPlan plan, long timeoutSeconds, PrintStream err) {
        Path taskset = CoreBinding.taskset();
        if (taskset == null) {
            err.println("pgas4j: bench: taskset (util-linux) is missing; the same-core hand-off is not measured");
            return Map.of();
        }
        return run(plan, timeoutSeconds, err, "-yield", List.of(taskset.toString(), "-c", "0"));
    }

    private static Map<String, Double> run(RmaPlan plan, long timeoutSeconds, PrintStream err, String mode,
                                           List<String> prefix) {
        Path file = createFile();
        ChildProcess pong = null;
        ChildProcess ping = null;
        try {
            pong = ChildProcess.start("raw pong", prefixed(prefix, JvmCommands.plainJvm(RawPingPongProbe.class,
                    "pong" + mode, file.toString(), plan.name())), err);
            ping = ChildProcess.start("raw ping", prefixed(prefix, JvmCommands.plainJvm(RawPingPongProbe.class,
                    "ping" + mode, file.toString(), plan.name())), err);
            Map<String, Double> results = ping.await(timeoutSeconds);
            pong.await(timeoutSeconds);
            return results;
        } finally {
            // Normally both have exited; after a failure a side may still spin, waiting for the other.
            if (ping != null) {
                ping.kill();
            }
            if (pong != null) {
                pong.kill();
            }
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                err.println("pgas4j: bench could not remove " + file + ": " + e.getMessage());
            }
        }
    }

    private static List<String> prefixed(List<String> prefix, List<String> command) {
        List<String> all = new ArrayList<>(prefix);
        all.addAll(command);
        return all;
    }

    private static Path createFile() {
        Path dir = Files.isDirectory(SHM) ? SHM : Path.of(System.getProperty("java.io.tmpdir"));
        byte[] random = new byte[12];
        new SecureRandom().nextBytes(random);
        Path file = dir.resolve("pgas4j-bench-pingpong-" + HexFormat.of().formatHex(random));
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                channel.truncate(0);
                channel.write(ByteBuffer.allocate(1), PingPongFileDescriptor.LENGTH - 1);
            } catch (IOException e) {
                Files.deleteIfExists(file);
                throw e;
            }
            return file;
        } catch (IOException e) {
            throw new BenchFailure("cannot create the ping-pong file in " + dir + ": " + e.getMessage(), e);
        }
    }
}
