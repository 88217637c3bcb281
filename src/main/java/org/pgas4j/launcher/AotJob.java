package org.pgas4j.launcher;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What one {@code pgas4j run} job does with an AOT cache, from its {@link AotRequest}:
 * <ul>
 * <li>{@code --aot-train FILE}: PE 0 (the one JVM of a {@code local} job) runs in the JDK's record
 * mode and writes the training configuration; when the job succeeded, the launcher assembles the
 * cache from it ({@code -XX:AOTMode=create}) into FILE, one file per job, and records what it was
 * trained with ({@link AotCache}). Class-path directories are packed into jars first, since the JDK
 * records only jars.</li>
 * <li>{@code --aot FILE}: every PE starts with {@code -XX:AOTCache=FILE} when the cache still fits
 * the JDK and the class path; a stale one is left out with a one-line warning.</li>
 * <li>no option: the runtime's own cache ({@link AotCache#runtimeCache}), when there is a fresh
 * one, with pgas4j's jar first on the class path (a cache serves a class path that starts with its
 * training's), for a job on this host only; {@code -Dpgas4j.aot=false} or {@code --no-aot} leave it
 * out.</li>
 * </ul>
 * The JVM's own {@code [aot]} messages never reach the program's output: PE 0 logs them to a file,
 * and the launcher reports the first, if any, in one line once the job has ended.
 */
final class AotJob {
    /** Set to {@code false}, the runtime's cache is not used by default. */
    static final String DEFAULT_PROPERTY = "pgas4j.aot";
    private static final long ASSEMBLE_TIMEOUT_SECONDS = 600;
    private static final String QUIET = "-Xlog:aot*=off,cds*=off";

    private final AotRequest.Mode mode;
    private final AotCache cache;
    private final ProgramCheck.Program program;
    private final AotCache.Training training;
    private final Path configuration;
    private final Path log;

    private AotJob(AotRequest.Mode mode, AotCache cache, ProgramCheck.Program program, AotCache.Training training,
                   String jobId) {
        this.mode = mode;
        this.cache = cache;
        this.program = program;
        this.training = training;
        this.configuration = mode == AotRequest.Mode.TRAIN
                ? cache.file().resolveSibling(cache.file().getFileName() + "." + jobId + ".aotconf") : null;
        this.log = mode == AotRequest.Mode.USE || mode == AotRequest.Mode.DEFAULT
                ? Path.of(System.getProperty("java.io.tmpdir"), "pgas4j-" + jobId + "-aot.log") : null;
    }

    /**
     * The plan of a job.
     *
     * @param program the checked program
     * @param self pgas4j's own jar or class directory
     * @param remoteHosts whether PEs run on other hosts, where the runtime's cache is not used: its
     *        record describes this host's jar only
     * @param err where a stale cache's warning goes
     * @throws UsageException when a class-path directory cannot be packed for training
     */
    static AotJob plan(AotRequest request, ProgramCheck.Program program, Path self, String jobId, boolean remoteHosts,
                       LineSink err) {
        switch (request.mode()) {
            case TRAIN -> {
                AotCache cache = new AotCache(request.file());
                try {
                    AotCache.Training t = cache.prepare(program.classPath());
                    return new AotJob(AotRequest.Mode.TRAIN, cache, withClassPath(program, t.used()), t, jobId);
                } catch (IOException e) {
                    throw new UsageException("--aot-train " + request.file() + ": cannot pack the class path's"
                            + " directories into jars in " + cache.jarsDir() + ": " + e);
                }
            }
            case USE -> {
                AotCache cache = new AotCache(request.file());
                AotCache.Fit fit = cache.fit(program.classPath());
                if (!fit.fits()) {
                    err.message("warning: the AOT cache " + request.file() + " is stale and not used: "
                            + fit.staleReason() + "; record it again with run --aot-train");
                    return none(program);
                }
                return new AotJob(AotRequest.Mode.USE, cache, withClassPath(program, fit.classPath()), null, jobId);
            }
            case DEFAULT -> {
                AotCache runtime = AotCache.runtimeCache(self);
                if (runtime == null || !Files.isRegularFile(runtime.file())
                        || "false".equals(System.getProperty(DEFAULT_PROPERTY)) || program.modular() || remoteHosts) {
                    return none(program);
                }
                List<String> cp = new ArrayList<>();
                cp.add(self.toString());
                cp.addAll(program.classPath().subList(0, program.classPath().size() - 1)); // pgas4j is last
                AotCache.Fit fit = runtime.fit(cp);
                return fit.fits() ? new AotJob(AotRequest.Mode.DEFAULT, runtime, withClassPath(program, fit.classPath()),
                        null, jobId) : none(program);
            }
            default -> {
                return none(program);
            }
        }
    }

    private static AotJob none(ProgramCheck.Program program) {
        return new AotJob(AotRequest.Mode.OFF, null, program, null, "");
    }

    private static ProgramCheck.Program withClassPath(ProgramCheck.Program program, List<String> classPath) {
        return ProgramCheck.Program.onClassPath(program.mainClass(), classPath);
    }

    /** The program to run: its class path may have jars in place of directories, or pgas4j first. */
    ProgramCheck.Program program() {
        return program;
    }

    /** Whether the job uses a cache (the user's or the runtime's). */
    boolean usesCache() {
        return log != null;
    }

    /**
     * {@code command} (of PE {@code rank}, -1 for a local job's JVM) with the job's AOT options
     * after pgas4j's own JVM options, before the user's, who may override them.
     */
    List<String> forRank(List<String> command, int rank) {
        if (mode == AotRequest.Mode.OFF) {
            return command;
        }
        List<String> options = new ArrayList<>();
        boolean first = rank <= 0;
        if (mode == AotRequest.Mode.TRAIN) {
            if (!first) {
                return command;
            }
            options.addAll(List.of("-XX:AOTMode=record", "-XX:AOTConfiguration=" + configuration, QUIET));
        } else {
            options.addAll(List.of("-XX:AOTCache=" + cache.file(), QUIET));
            if (first) {
                options.add("-Xlog:aot*=warning,cds*=warning:file=" + log + ":none");
            }
        }
        List<String> cmd = new ArrayList<>(command);
        cmd.addAll(2 + PeCommand.BASE_JVM_OPTIONS.size(), options);
        return cmd;
    }

    /**
     * {@code command} of a PE that {@code exec} starts, with the job's cache options after pgas4j's
     * own JVM options: as {@link #forRank} gives every PE but PE 0 of a launched job, since no
     * launcher of ours is there to read a log of the JVM's complaints. Never called for a training.
     */
    List<String> forExecPe(List<String> command) {
        if (mode == AotRequest.Mode.TRAIN) {
            throw new IllegalStateException("exec records no AOT cache");
        }
        return forRank(command, 1);
    }

    /** The line the JVM prints into PE 0's output at the end of a training, to be left out; null for none. */
    String droppedLine() {
        return mode == AotRequest.Mode.TRAIN ? "AOTConfiguration recorded: " + configuration : null;
    }

    /**
     * After the job: a training assembles the cache (when the job succeeded) and records it; a job
     * that used a cache reports, in one line, a complaint of the JVM about it.
     *
     * @param status the job's exit status
     * @param userJvmArgs the command line's JVM options, which the assembly gets too
     * @return the launcher's exit status: the job's, or 1 when the cache could not be made
     */
    int finish(int status, List<String> userJvmArgs, LineSink err) throws InterruptedException {
        if (log != null) {
            reportJvmComplaint(err);
        }
        if (mode != AotRequest.Mode.TRAIN) {
            return status;
        }
        try {
            if (status != 0) {
                err.message("the job failed, so no AOT cache was recorded in " + cache.file());
                return status;
            }
            if (!Files.isRegularFile(configuration)) {
                err.message("no AOT cache recorded: PE 0 wrote no training configuration " + configuration);
                return RunCommand.LAUNCH_FAILURE_STATUS;
            }
            return assemble(userJvmArgs, err) ? status : RunCommand.LAUNCH_FAILURE_STATUS;
        } finally {
            try {
                Files.deleteIfExists(configuration);
            } catch (IOException e) {
                // a configuration left behind only takes space
            }
        }
    }

    private boolean assemble(List<String> userJvmArgs, LineSink err) throws InterruptedException {
        Path tmp = cache.file().resolveSibling(cache.file().getFileName() + ".tmp");
        List<String> cmd = new ArrayList<>(List.of(PeCommand.javaExecutable(), PeCommand.NATIVE_ACCESS_UNNAMED));
        cmd.addAll(PeCommand.BASE_JVM_OPTIONS);
        cmd.addAll(userJvmArgs);
        cmd.addAll(List.of("-XX:AOTMode=create", "-XX:AOTConfiguration=" + configuration, "-XX:AOTCache=" + tmp,
                "-cp", program.joinedClassPath()));
        try {
            Path output = Files.createTempFile("pgas4j-aot-create", ".log");
            try {
                Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(output.toFile()).start();
                boolean ended = p.waitFor(ASSEMBLE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                if (!ended) {
                    p.destroyForcibly();
                }
                if (!ended || p.exitValue() != 0 || !Files.isRegularFile(tmp)) {
                    String text = Files.readString(output, StandardCharsets.UTF_8).strip();
                    err.message("the AOT cache " + cache.file() + " could not be made"
                            + (ended ? "" : " in " + ASSEMBLE_TIMEOUT_SECONDS + " s") + ": "
                            + text.lines().filter(l -> !l.isBlank()).limit(3).reduce((a, b) -> a + " | " + b).orElse(""));
                    Files.deleteIfExists(tmp);
                    return false;
                }
            } finally {
                Files.deleteIfExists(output);
            }
            Files.move(tmp, cache.file(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            cache.writeRecord(training);
            err.message("AOT cache recorded in " + cache.file() + " (" + Files.size(cache.file()) / (1 << 20)
                    + " MiB); run with --aot " + cache.file());
            return true;
        } catch (IOException e) {
            err.message("the AOT cache " + cache.file() + " could not be made: " + e.getMessage());
            return false;
        }
    }

    private void reportJvmComplaint(LineSink err) {
        try {
            if (Files.isRegularFile(log)) {
                String first = Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                        .filter(l -> !l.isBlank()).findFirst().orElse(null);
                if (first != null) {
                    err.message("warning: the JVM did not use the AOT cache " + cache.file() + ": " + first.strip()
                            + (mode == AotRequest.Mode.USE ? "; record it again with run --aot-train" : ""));
                }
            }
        } catch (IOException e) {
            // no report is no reason to fail the job
        } finally {
            try {
                Files.deleteIfExists(log);
            } catch (IOException e) {
                // a log left in the temporary directory is harmless
            }
        }
    }
}
