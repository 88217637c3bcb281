package org.pgas4j.bench;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.pgas4j.launcher.Launcher;

/**
 * The command lines of the processes a benchmark spawns: plain JVMs for baselines, and pgas4j
 * jobs started through the launcher ({@code Launcher run -np 2 --transport shm ...}) exactly as a
 * user would. Every child runs on this JVM's JDK with this JVM's class path.
 */
final class JvmCommands {
    /** Options of every plain JVM: native access, then what the launcher gives its PEs. */
    static final List<String> JVM_OPTIONS = jvmOptions();
    /** Options of the launcher JVM of a job: it only spawns, forwards and waits, so it stays light. */
    static final List<String> LAUNCHER_JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1");
    /** The transport every pgas4j measurement runs over. */
    static final String TRANSPORT = "shm";
    /** The PEs of every pgas4j measurement: one per core of the test machines. */
    static final int PES = 2;

    private JvmCommands() {
    }

    private static List<String> jvmOptions() {
        List<String> options = new ArrayList<>(List.of("--enable-native-access=ALL-UNNAMED"));
        options.addAll(Launcher.peJvmOptions());
        return List.copyOf(options);
    }

    /** The java executable of this JVM. */
    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** This JVM's class path, with the location of the bench classes added when it is missing. */
    static String classPath() {
        String cp = System.getProperty("java.class.path", "");
        String self = selfLocation();
        if (self != null && !Arrays.asList(cp.split(File.pathSeparator)).contains(self)) {
            cp = cp.isEmpty() ? self : cp + File.pathSeparator + self;
        }
        return cp;
    }

    private static String selfLocation() {
        CodeSource source = JvmCommands.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return null;
        }
        try {
            return Path.of(source.getLocation().toURI()).toAbsolutePath().normalize().toString();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * Whether pgas4j's own AOT cache ({@code pgas4j-runtime.aot}, which {@code bin/pgas4j} trains
     * next to the jar) is there, so that jobs of {@link #pgasJob} start from it unless told
     * {@code --no-aot}.
     */
    static boolean runtimeAotCache() {
        return firstClassPathEntry().toString().endsWith(".jar") && Files.isRegularFile(runtimeAotFile());
    }

    /** Where pgas4j's own AOT cache is when there is one: next to the jar first on the class path. */
    private static Path runtimeAotFile() {
        return firstClassPathEntry().resolveSibling("pgas4j-runtime.aot");
    }

    /** The first entry of this JVM's class path (pgas4j's jar, when it runs from one), absolute. */
    private static Path firstClassPathEntry() {
        return Path.of(classPath().split(File.pathSeparator)[0]).toAbsolutePath();
    }

    /** This JVM's {@code -Dpgas4j.*} settings as options, in name order, for the JVMs it starts. */
    private static List<String> pgas4jSettings() {
        List<String> options = new ArrayList<>();
        for (String name : new TreeSet<>(System.getProperties().stringPropertyNames())) {
            if (name.startsWith("pgas4j.")) {
                options.add("-D" + name + "=" + System.getProperty(name));
            }
        }
        return options;
    }

    /** A plain JVM running {@code mainClass} with {@code args}: no launcher, no pgas4j job. */
    static List<String> plainJvm(Class<?> mainClass, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java());
        cmd.addAll(JVM_OPTIONS);
        cmd.add("-cp");
        cmd.add(classPath());
        cmd.add(mainClass.getName());
        cmd.addAll(List.of(args));
        return cmd;
    }

    /**
     * The launcher running {@code mainClass} as a job of {@link #PES} PEs over {@link #TRANSPORT},
     * each PE with a primordial segment of {@link RmaPlan#SEGMENT_SIZE}. This JVM's
     * {@code -Dpgas4j.*} settings are passed on; the launcher forwards them to the PEs, which get
     * the launcher's own JVM options (not {@link #LAUNCHER_JVM_OPTIONS}). The launcher's JVM starts
     * from pgas4j's own AOT cache when it is there (unless the job says {@code --no-aot}), as
     * {@code bin/pgas4j run} starts it.
     *
     * @param timeoutSeconds the job's time limit, enforced by the launcher
     */
    static List<String> pgasJob(long timeoutSeconds, Class<?> mainClass, String... args) {
        return pgasJob(timeoutSeconds, List.of(), mainClass, args);
    }

    /** {@link #pgasJob(long, Class, String...)} with more JVM options for the PEs, such as {@code -Dpgas4j.rma.path=am}. */
    static List<String> pgasJob(long timeoutSeconds, List<String> peJvmOptions, Class<?> mainClass, String... args) {
        return pgasJob(TRANSPORT, timeoutSeconds, peJvmOptions, mainClass, args);
    }

    /**
     * {@link #pgasJob(long, List, Class, String...)} over {@code transport} ({@code shm} or
     * {@code ucx}) instead of {@link #TRANSPORT}.
     */
    static List<String> pgasJob(String transport, long timeoutSeconds, List<String> peJvmOptions, Class<?> mainClass,
                                String... args) {
        return pgasJob(transport, PES, timeoutSeconds, peJvmOptions, mainClass, args);
    }

    /** {@link #pgasJob(String, long, List, Class, String...)} with {@code pes} PEs instead of {@link #PES}. */
    static List<String> pgasJob(String transport, int pes, long timeoutSeconds, List<String> peJvmOptions,
                                Class<?> mainClass, String... args) {
        return pgasJob(transport, pes, timeoutSeconds, List.of(), peJvmOptions, mainClass, args);
    }

    /**
     * {@link #pgasJob(String, int, long, List, Class, String...)} with more options of {@code run}
     * itself before the program, such as {@code --aot FILE} or {@code --no-aot}.
     */
    static List<String> pgasJob(String transport, int pes, long timeoutSeconds, List<String> runOptions,
                                List<String> peJvmOptions, Class<?> mainClass, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java());
        cmd.addAll(JVM_OPTIONS);
        cmd.addAll(LAUNCHER_JVM_OPTIONS);
        if (runtimeAotCache() && !runOptions.contains("--no-aot")) { // as bin/pgas4j starts run's JVM
            cmd.add("-XX:AOTCache=" + runtimeAotFile());
            cmd.add("-Xlog:aot*=off,cds*=off");
        }
        cmd.addAll(pgas4jSettings());
        String cp = classPath();
        cmd.addAll(List.of("-cp", cp, Launcher.class.getName(), "run", "-np", Integer.toString(pes),
                "--transport", transport, "--timeout", Long.toString(timeoutSeconds),
                "--jvm-arg", "-Dpgas4j.segment.size=" + RmaPlan.SEGMENT_SIZE));
        for (String option : peJvmOptions) {
            cmd.addAll(List.of("--jvm-arg", option));
        }
        cmd.addAll(runOptions);
        cmd.addAll(List.of("-cp", cp, mainClass.getName()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /**
     * The {@code bin/pgas4j} next to this build's jar ({@code target/pgas4j.jar} of a checkout), or
     * null when the classes do not run from such a jar.
     */
    static Path binPgas4j() {
        Path first = firstClassPathEntry();
        Path script = first.getParent() == null || first.getParent().getParent() == null ? null
                : first.getParent().getParent().resolve("bin").resolve("pgas4j");
        return first.toString().endsWith(".jar") && script != null && Files.isExecutable(script) ? script : null;
    }

    /**
     * {@code srun --mpi=pmix -n pes bin/pgas4j exec MAIN}: the way {@code docs/cluster.md} starts a
     * job, one PE per task with the shell and the command's memo in between ({@link #binPgas4j} is there).
     */
    static List<String> pmixExecJob(int pes, Class<?> mainClass) {
        List<String> cmd = new ArrayList<>(List.of("srun", "--mpi=pmix", "-n", Integer.toString(pes),
                binPgas4j().toString()));
        cmd.addAll(pgas4jSettings());
        cmd.addAll(List.of("exec", "-Dpgas4j.transport=" + TRANSPORT, "-Dpgas4j.segment.size=" + RmaPlan.SEGMENT_SIZE,
                mainClass.getName()));
        return cmd;
    }

    /**
     * A job of {@code pes} PEs of {@code mainClass} started by {@code srun --mpi=pmix}, one plain
     * JVM per task as {@code bin/pgas4j exec} leaves it: this JVM's {@code -Dpgas4j.*} settings,
     * {@link #TRANSPORT}, the segment size of {@link #pgasJob} and, when it is there, pgas4j's own
     * AOT cache.
     */
    static List<String> pmixJob(int pes, Class<?> mainClass) {
        List<String> cmd = new ArrayList<>(List.of("srun", "--mpi=pmix", "-n", Integer.toString(pes), java()));
        cmd.addAll(JVM_OPTIONS);
        if (runtimeAotCache()) { // as exec gives its PE, and run every PE, by default
            cmd.add("-XX:AOTCache=" + runtimeAotFile());
            cmd.add("-Xlog:aot*=off,cds*=off");
        }
        cmd.addAll(pgas4jSettings());
        cmd.addAll(List.of("-Dpgas4j.transport=" + TRANSPORT, "-Dpgas4j.segment.size=" + RmaPlan.SEGMENT_SIZE,
                "-cp", classPath(), mainClass.getName()));
        return cmd;
    }
}
