package org.pgas4j.junit;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Copies a child process's output, line by line, to this JVM's standard output or error (where
 * JUnit and build tools capture a test's output), keeping the last lines for reports.
 */
final class OutputPump {
    private static final int KEPT_LINES = 30;

    private final Thread thread;
    private final Deque<String> last = new ArrayDeque<>();

    private OutputPump(InputStream in, PrintStream target, String name) {
        thread = Thread.ofPlatform().daemon().name(name).start(() -> pump(in, target));
    }

    /** Starts copying {@code in} to {@code target} on a daemon thread called {@code name}. */
    static OutputPump start(InputStream in, PrintStream target, String name) {
        return new OutputPump(in, target, name);
    }

    private void pump(InputStream in, PrintStream target) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                target.println(line);
                synchronized (last) {
                    last.addLast(line);
                    if (last.size() > KEPT_LINES) {
                        last.removeFirst();
                    }
                }
            }
        } catch (IOException e) {
            // the process is gone
        }
    }

    /** Waits (at most {@code millis}) until the stream ended, then returns its last lines. */
    List<String> finish(long millis) {
        try {
            thread.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (last) {
            return new ArrayList<>(last);
        }
    }
}
