package org.pgas4j.launcher;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The command lines of the JVMs a job spawns: the java executable, pgas4j's JVM options, the
 * launcher's {@code -Dpgas4j.*} settings, the user's JVM options, then the program: {@code -cp
 * CLASS_PATH MAIN_CLASS} for a program on the class path, {@code --module-path MODULE_PATH -m
 * MODULE/MAIN_CLASS} for a module (with pgas4j's own module on the module path and native access
 * enabled for it instead of the unnamed module).
 */
final class PeCommand {
    /** The main class of a {@code local} job's single JVM. */
    static final String LOCAL_JOB_MAIN = "org.pgas4j.transport.local.LocalJobMain";

    /** Native access for pgas4j on the class path. */
    static final String NATIVE_ACCESS_UNNAMED = "--enable-native-access=ALL-UNNAMED";
    /** Native access for pgas4j's own module, when the program is modular. */
    static final String NATIVE_ACCESS_MODULE = "--enable-native-access=" + ModuleCheck.PGAS4J_MODULE;

    /**
     * JVM options every PE gets after the native access option and before the user's.
     * {@code InlineSmallCode}: the RMA and atomic paths are chains of small checking methods, and
     * by default C2 calls instead of inlining a method it has already compiled on its own into more
     * than 2500 bytes, which happens or not by the order of warm-up: an 8-byte put then cost 3 ns
     * more (83 instead of 130 M puts/s). {@code CompileThresholdScaling=10}: a method is compiled
     * after ten times the JDK's invocation and loop counts, so the code that runs only while a job
     * starts (class set-up, the bootstrap, the first collectives) stays interpreted instead of
     * keeping the compiler threads busy on cores that PEs share; a loop that matters still reaches
     * C2 within milliseconds. Measured on 2 cores (docs/benchmarks.md, "Compile thresholds"): a 16-PE
     * start-up job 1.7 to 1.3 s, the first 65,536 steps of {@code bench warmup}'s lock-step loop 7-9.5
     * to 2.7-3.3 us a step. A user's own {@code -XX:CompileThresholdScaling} comes later and wins.
     */
    static final List<String> BASE_JVM_OPTIONS = List.of(
            "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=4", "-XX:InlineSmallCode=6000", "-XX:CompileThresholdScaling=10");

    private PeCommand() {
    }

    /** The java executable running the launcher, so PEs run on the same JDK. */
    static String javaExecutable() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /**
     * Compiles in the foreground: a thread that asks for a method's compilation waits for it
     * instead of running on in slower code beside the compiler.
     */
    static final String FOREGROUND_COMPILATION = "-XX:-BackgroundCompilation";

    /**
     * The JVM options a PE gets for how its host is shared: {@link #FOREGROUND_COMPILATION} when a
     * job runs only on this host with no more PEs than it has cores, else none. With a core per PE
     * and PEs that wait by spinning, a compiler thread in the background takes its core from a PE
     * that the others wait for; compiling in the foreground gives it the core of the PE that waits
     * for it (2 PEs on 2 cores: the first 65,536 steps of {@code bench warmup}'s lock-step loop
     * 1.5-3.0 us a step against 3.0-4.6). With more PEs than cores it is the other way round: a PE
     * waiting for its compilation also waits behind the other runnable threads (a 16-PE start-up job
     * on 2 cores 1.53-1.62 s against 1.26-1.37), so the JDK's default stays. A user's own
     * {@code -XX:+BackgroundCompilation} comes later and wins. docs/benchmarks.md, "Compiling in the
     * foreground".
     *
     * @param pesHere the job's PEs on this host
     * @param hosts how many hosts the job runs on
     * @param cores this host's cores
     */
    static List<String> sharingOptions(int pesHere, int hosts, int cores) {
        return hosts == 1 && pesHere <= cores ? List.of(FOREGROUND_COMPILATION) : List.of();
    }

    /** The command of one PE process. */
    static List<String> forPe(ProgramCheck.Program program, RunOptions options) {
        return forPe(program, options, List.of());
    }

    /** The command of one PE process with {@code sharing} ({@link #sharingOptions}) after pgas4j's own options. */
    static List<String> forPe(ProgramCheck.Program program, RunOptions options, List<String> sharing) {
        List<String> cmd = jvm(program, options);
        cmd.addAll(2 + BASE_JVM_OPTIONS.size(), sharing);
        if (program.modular()) {
            cmd.add("--add-modules");
            cmd.add(ModuleCheck.PGAS4J_MODULE);
            cmd.add("-m");
            cmd.add(program.module() + "/" + program.mainClass());
        } else {
            cmd.add(program.mainClass());
        }
        cmd.addAll(options.programArgs());
        return cmd;
    }

    /** The command of the single JVM of a {@code local} job, which runs every PE as a thread. */
    static List<String> forLocalJob(ProgramCheck.Program program, RunOptions options) {
        List<String> cmd = jvm(program, options);
        if (program.modular()) {
            // LocalJobMain (in pgas4j's module) loads the program's main class and calls it by reflection.
            cmd.add("--add-modules");
            cmd.add(program.module());
            if (!program.mainPackage().isEmpty()) {
                cmd.add("--add-exports");
                cmd.add(program.module() + "/" + program.mainPackage() + "=" + ModuleCheck.PGAS4J_MODULE);
            }
            cmd.add("-m");
            cmd.add(ModuleCheck.PGAS4J_MODULE + "/" + LOCAL_JOB_MAIN);
        } else {
            cmd.add(LOCAL_JOB_MAIN);
        }
        if (options.tagOutput()) {
            cmd.add("--tag-output");
        }
        cmd.add(Integer.toString(options.np()));
        cmd.add(program.mainClass());
        cmd.addAll(options.programArgs());
        return cmd;
    }

    /**
     * {@code command} with the JFR recording of {@code --jfr} added after pgas4j's JVM options (so
     * before the user's), writing {@code pgas4j-JOB-peN.jfr} (or {@code pgas4j-JOB-local.jfr} for
     * the single JVM of a {@code local} job, {@code rank} -1) in the {@code --jfr} directory; the
     * command itself without {@code --jfr}.
     */
    static List<String> withJfr(List<String> command, RunOptions options, String jobId, int rank) {
        if (options.jfrDir() == null) {
            return command;
        }
        List<String> cmd = new ArrayList<>(command);
        int at = 2 + BASE_JVM_OPTIONS.size();
        cmd.add(at, jfrOption(jfrFile(options.jfrDir(), jobId, rank)));
        cmd.add(at + 1, JFR_QUIET); // not the JDK's "Started recording" lines in the program's output
        return cmd;
    }

    /** Keeps JFR's start-up messages ("Started recording ...") out of the program's output. */
    static final String JFR_QUIET = "-Xlog:jfr+startup=off";

    /** The file PE {@code rank} (-1: the local job's JVM) of job {@code jobId} records into. */
    static Path jfrFile(String dir, String jobId, int rank) {
        return Path.of(dir, "pgas4j-" + jobId + (rank < 0 ? "-local" : "-pe" + rank) + ".jfr");
    }

    /**
     * The JVM option that records JFR into {@code file} from start to exit: the JDK's default
     * settings (low overhead) and pgas4j's events, whose thresholds are named so they show here.
     */
    static String jfrOption(Path file) {
        return "-XX:StartFlightRecording=name=pgas4j,filename=" + file + ",dumponexit=true,settings=default"
                + ",+org.pgas4j.Wait#threshold=1ms,+org.pgas4j.shmem.WaitUntil#threshold=1ms"
                + ",+org.pgas4j.AmHandler#threshold=1ms";
    }

    private static List<String> jvm(ProgramCheck.Program program, RunOptions options) {
        List<String> cmd = new ArrayList<>();
        cmd.add(javaExecutable());
        cmd.add(program.modular() ? NATIVE_ACCESS_MODULE : NATIVE_ACCESS_UNNAMED);
        cmd.addAll(BASE_JVM_OPTIONS);
        // The launcher's -Dpgas4j.* settings first, so that the user's JVM options can override one;
        // those the run command line defines itself come with the user's options only.
        Set<String> onTheCommandLine = RunProperties.definitions(options.jvmArgs()).keySet();
        for (String name : new TreeSet<>(System.getProperties().stringPropertyNames())) {
            if (name.startsWith(RunProperties.PREFIX) && !onTheCommandLine.contains(name)) {
                cmd.add("-D" + name + "=" + System.getProperty(name));
            }
        }
        cmd.addAll(options.jvmArgs());
        if (!program.classPath().isEmpty()) {
            cmd.add("-cp");
            cmd.add(program.joinedClassPath());
        }
        if (program.modular()) {
            cmd.add("--module-path");
            cmd.add(program.joinedModulePath());
        }
        return cmd;
    }
}
