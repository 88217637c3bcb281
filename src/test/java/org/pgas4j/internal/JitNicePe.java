package org.pgas4j.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.pgas4j.Client;

/**
 * One PE that initializes, then prints the nice value of each of its JVM's JIT compiler threads as
 * the kernel reports it ({@code /proc/self/task/TID/stat}, field 19): "PE i: compiler threads
 * [v, ...]". Run by {@link JitThreadNiceTest}.
 */
public final class JitNicePe {
    private JitNicePe() {
    }

    /** Runs the PE. */
    public static void main(String[] args) throws IOException {
        try (Client c = Client.init()) {
            System.out.println("PE " + c.jobRank() + ": compiler threads " + compilerThreadNiceValues());
            c.world().barrier();
        }
    }

    /** The nice values of this JVM's compiler threads now. */
    static List<Integer> compilerThreadNiceValues() throws IOException {
        List<Integer> values = new ArrayList<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                String stat = Files.readString(task.resolve("stat"));
                String comm = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                if (comm.contains("CompilerThre")) {
                    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    values.add(Integer.parseInt(fields[19 - 3])); // field 3 (state) is the first after the name
                }
            }
        }
        return values;
    }
}
