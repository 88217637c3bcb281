package org.pgas4j.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.pgas4j.bootstrap.Syscall;

/**
 * Lowers the scheduling priority of this JVM's JIT compiler threads (the setting
 * {@code pgas4j.jit.nice}): on a host with fewer free cores than runnable threads, a compiling
 * thread then takes a core from the PEs only when one would idle, so the first passes of a job run
 * at C1's speed instead of stalling while C2 compiles, and C2's code arrives later (figures in
 * {@code docs/benchmarks.md}, "The compiler threads' priority"). Linux only: the threads are found
 * by name in {@code /proc/self/task} ({@code "C1 CompilerThre"}, {@code "C2 CompilerThre"}) and
 * reniced with {@code setpriority(PRIO_PROCESS, tid, nice)}, which an unprivileged process may do
 * to raise its own threads' nice value. Compiler threads the JVM starts later inherit the value
 * from the compiler thread that starts them.
 */
public final class JitThreadNice {
    private static final int PRIO_PROCESS = 0;

    private JitThreadNice() {
    }

    /**
     * Sets the nice value of every JIT compiler thread running now to {@code nice}.
     *
     * @return how many threads it set; 0 where it cannot (not Linux, no system calls here)
     */
    public static int apply(int nice) {
        if (!Syscall.AVAILABLE) {
            return 0;
        }
        int n = 0;
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                if (isCompilerThread(task) && Syscall.call(Syscall.SETPRIORITY, PRIO_PROCESS,
                        Long.parseLong(task.getFileName().toString()), nice, 0) == 0) {
                    n++;
                }
            }
        } catch (IOException e) {
            return n; // no /proc: nothing to renice
        }
        return n;
    }

    private static boolean isCompilerThread(Path task) {
        try {
            return Files.readString(task.resolve("comm")).contains("CompilerThre");
        } catch (IOException e) {
            return false; // the thread ended meanwhile
        }
    }
}
