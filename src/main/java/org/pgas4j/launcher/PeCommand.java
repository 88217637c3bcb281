package org.pgas4j.launcher;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** The command lines of the JVMs a job spawns. */
final class PeCommand {
    /** The main class of a {@code local} job's single JVM. */
    static final String LOCAL_JOB_MAIN = "org.pgas4j.transport.local.LocalJobMain";

    /**
     * JVM options every PE gets before the user's. {@code InlineSmallCode}: the RMA and atomic
     * paths are chains of small checking methods, and by default C2 calls instead of inlining a
     * method it has already compiled on its own into more than 2500 bytes, which happens or not by
     * the order of warm-up: an 8-byte put then cost 3 ns more (83 instead of 130 M puts/s).
     */
    static final List<String> BASE_JVM_OPTIONS = List.of(
            "--enable-native-access=ALL-UNNAMED", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=4",
            "-XX:InlineSmallCode=6000");

    private PeCommand() {
    }

    /** The java executable running the launcher, so PEs run on the same JDK. */
    static String javaExecutable() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /** The command of one PE process. */
    static List<String> forPe(ProgramCheck.Program program, RunOptions options) {
        List<String> cmd = jvm(program, options);
        cmd.add(program.mainClass());
        cmd.addAll(options.programArgs());
        return cmd;
    }

    /** The command of the single JVM of a {@code local} job, which runs every PE as a thread. */
    static List<String> forLocalJob(ProgramCheck.Program program, RunOptions options) {
        List<String> cmd = jvm(program, options);
        cmd.add(LOCAL_JOB_MAIN);
        if (options.tagOutput()) {
            cmd.add("--tag-output");
        }
        cmd.add(Integer.toString(options.np()));
        cmd.add(program.mainClass());
        cmd.addAll(options.programArgs());
        return cmd;
    }

    private static List<String> jvm(ProgramCheck.Program program, RunOptions options) {
        List<String> cmd = new ArrayList<>();
        cmd.add(javaExecutable());
        cmd.addAll(BASE_JVM_OPTIONS);
        // The launcher's -Dpgas4j.* settings first, so that an explicit --jvm-arg can override one.
        for (String name : new TreeSet<>(System.getProperties().stringPropertyNames())) {
            if (name.startsWith("pgas4j.")) {
                cmd.add("-D" + name + "=" + System.getProperty(name));
            }
        }
        cmd.addAll(options.jvmArgs());
        cmd.add("-cp");
        cmd.add(program.joinedClassPath());
        return cmd;
    }
}
