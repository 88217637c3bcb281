package org.pgas4j.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Builds and runs the {@link NativeProbe}s of one {@code --native} bench run: each probe is
 * compiled once, on first use, into a temporary directory that {@link #close()} removes; a probe
 * whose tools are missing or that fails to compile is {@linkplain #unavailable unavailable} with
 * the reason, and the bench prints that reason where its figures would be.
 */
final class NativeRunner implements AutoCloseable {
    private static final long COMPILE_TIMEOUT_SECONDS = 120;
    private final Path dir;
    private final String transport;
    private final Map<String, String> ucxEnvironment;
    private final Map<NativeProbe, Path> built = new EnumMap<>(NativeProbe.class);
    private final Map<NativeProbe, String> refused = new EnumMap<>(NativeProbe.class);

    private NativeRunner(Path dir, String transport, Map<String, String> ucxEnvironment) {
        this.dir = dir;
        this.transport = transport;
        this.ucxEnvironment = ucxEnvironment;
    }

    /**
     * A runner whose probes run over {@code transport}: {@code shm} (the MPI's shared-memory
     * defaults) or {@code ucx} (Open MPI's UCX components, with {@code ucxEnvironment}, the same
     * {@code UCX_*} settings as pgas4j's jobs).
     */
    static NativeRunner create(String transport, Map<String, String> ucxEnvironment) {
        try {
            return new NativeRunner(Files.createTempDirectory("pgas4j-native-"), transport, Map.copyOf(ucxEnvironment));
        } catch (IOException e) {
            throw new BenchFailure("cannot create a directory for the native probes: " + e.getMessage(), e);
        }
    }

    /**
     * Why {@code probe} cannot run here, building it on the first call.
     *
     * @return empty when it is built, otherwise "not installed: apt-get install ..." or why it did
     *     not compile
     */
    Optional<String> unavailable(NativeProbe probe, PrintStream err) {
        if (!built.containsKey(probe) && !refused.containsKey(probe)) {
            build(probe, err);
        }
        return Optional.ofNullable(refused.get(probe));
    }

    private void build(NativeProbe probe, PrintStream err) {
        Optional<Path> compiler = probe.compiler().find();
        if (compiler.isEmpty()) {
            refused.put(probe, probe.compiler().notInstalled());
            return;
        }
        if (probe.launcher() != null && probe.launcher().find().isEmpty()) {
            refused.put(probe, probe.launcher().notInstalled());
            return;
        }
        Path source = dir.resolve(probe.program() + ".c");
        Path binary = dir.resolve(probe.program());
        copyResource(NativeProbe.TIMING_HEADER, dir.resolve(NativeProbe.TIMING_HEADER));
        copyResource(probe.program() + ".c", source);
        err.println("bench: compiling " + probe.program() + ".c with " + compiler.get() + " ...");
        List<String> cmd = List.of(compiler.get().toString(), "-O2", "-std=gnu11", "-o", binary.toString(), source.toString());
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(COMPILE_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                refused.put(probe, "could not be compiled: " + compiler.get() + " took over " + COMPILE_TIMEOUT_SECONDS + " s");
            } else if (p.exitValue() != 0) {
                refused.put(probe, "could not be compiled by " + compiler.get() + ": " + firstLines(output));
            } else {
                built.put(probe, binary);
            }
        } catch (IOException e) {
            refused.put(probe, "could not be compiled: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchFailure("interrupted while compiling " + source, e);
        }
    }

    /**
     * Runs a built probe on {@code processes} processes and returns its figures.
     *
     * @param required the keys it must print: a process that exits badly after printing them all
     *     still counts (Open MPI's OSHMEM may crash at finalize)
     * @throws BenchFailure if it is not built, fails before its figures, or outlives the timeout
     */
    Map<String, Double> run(NativeProbe probe, int processes, List<String> args, Set<String> required,
                            long timeoutSeconds, PrintStream err) {
        Path binary = built.get(probe);
        if (binary == null) {
            throw new BenchFailure(probe.program() + " is not built: " + refused.get(probe));
        }
        List<String> cmd = new ArrayList<>();
        Map<String, String> env = new LinkedHashMap<>();
        if (probe.launcher() != null) {
            cmd.addAll(launcherWords(probe, processes));
            // One node, so no authentication plugin is needed; PMIx's munge plugin otherwise retries
            // a munge socket that no daemon serves any more (a munged that has ended) for 2.3 s a launch.
            env.put("PMIX_MCA_psec", "^munge");
            if (transport.equals("ucx")) {
                env.putAll(ucxEnvironment);
                // Open MPI 4.1 selects its UCX components only over RDMA transports unless told "any".
                cmd.addAll(List.of("--mca", "pml", "ucx", "--mca", "pml_ucx_tls", "any", "--mca", "pml_ucx_devices", "any",
                        "--mca", "osc", "ucx", "--mca", "btl", "self"));
                ucxEnvironment.keySet().forEach(k -> cmd.addAll(List.of("-x", k)));
            } else if (probe != NativeProbe.MPI) {
                // OSHMEM needs no MPI one-sided component, and the default one (osc rdma) crashes the
                // process in MPI's finalize (a freed memory hook of UCX): a clean exit is part of the
                // start-up that bench startup times.
                cmd.addAll(List.of("--mca", "osc", "^rdma"));
            } else {
                // MPI-3 RMA through the shared-memory one-sided component (Open MPI's choice
                // otherwise, osc rdma over vader, crashed here in MPI_Compare_and_swap runs).
                cmd.addAll(List.of("--mca", "osc", "sm"));
            }
        }
        cmd.add(binary.toString());
        cmd.addAll(args);
        return ChildProcess.start(probe.program(), cmd, env, err).awaitFigures(timeoutSeconds, required, err);
    }

    private List<String> launcherWords(NativeProbe probe, int processes) {
        List<String> words = new ArrayList<>(List.of(probe.launcher().find().orElseThrow().toString(), "-np",
                Integer.toString(processes), "--oversubscribe"));
        if ("root".equals(System.getProperty("user.name"))) {
            words.add("--allow-run-as-root");
        }
        return words;
    }

    private static void copyResource(String name, Path to) {
        try (InputStream in = NativeRunner.class.getResourceAsStream("native/" + name)) {
            if (in == null) {
                throw new BenchFailure("the probe source native/" + name + " is missing from the jar");
            }
            Files.copy(in, to, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String firstLines(String output) {
        return output.lines().limit(3).reduce((a, b) -> a + " | " + b).orElse("(no output)");
    }

    @Override
    public void close() {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temporary directory left behind is no reason to fail a bench
        }
    }
}
