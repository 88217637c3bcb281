package org.pgas4j.junit;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.pgas4j.launcher.Launcher;

/**
 * The command line that runs a {@link PgasTest.Transport#SHM} job through the real launcher, as
 * {@code bin/pgas4j run -np N --transport shm --tag-output --timeout S} would: a launcher JVM on the
 * test's class path, which starts the PE processes of {@link ShmPeMain}.
 */
final class LauncherCommand {
    private LauncherCommand() {
    }

    /** The command of {@code job}'s launcher; the PEs report into {@code statusDir}. */
    static List<String> of(JobSpec job, Path statusDir) {
        String classPath = classPath();
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
        // This JVM's pgas4j settings reach the PEs as they reach an in-JVM job's (the launcher passes them on).
        for (String name : new TreeSet<>(System.getProperties().stringPropertyNames())) {
            if (name.startsWith("pgas4j.") && !name.startsWith("pgas4j.junit.")) {
                cmd.add("-D" + name + "=" + System.getProperty(name));
            }
        }
        cmd.addAll(List.of("-cp", classPath, Launcher.class.getName(), "run", "-np", Integer.toString(job.size()),
                "--transport", "shm", "--tag-output", "--timeout", Long.toString(job.timeoutSeconds())));
        JobProperties.parse(job.properties()).forEach((name, value) -> {
            cmd.add("--jvm-arg");
            cmd.add("-D" + name + "=" + value);
        });
        cmd.addAll(List.of("-cp", classPath, ShmPeMain.class.getName()));
        cmd.addAll(ShmPeMain.arguments(statusDir, job.testClass(), job.method()));
        return cmd;
    }

    /** The test's class path, with its module path appended (the PEs run everything on the class path). */
    static String classPath() {
        String cp = System.getProperty("java.class.path", "");
        String mp = System.getProperty("jdk.module.path", "");
        return mp.isEmpty() ? cp : cp.isEmpty() ? mp : cp + File.pathSeparator + mp;
    }
}
