package org.pgas4j.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Copies one PE output stream to one of the launcher's, line by line, optionally prefixing each
 * line with {@code [rank] }. Runs on its own daemon thread until the stream ends.
 */
final class OutputForwarder implements Runnable {
    private final InputStream in;
    private final LineSink sink;
    private final byte[] prefix;
    private final Thread thread;
    private final byte[] dropped;

    /**
     * @param in the PE's stdout or stderr
     * @param sink where its lines go
     * @param prefix the text put before every line ({@code "[3] "}), or empty
     * @param name the thread's name
     */
    OutputForwarder(InputStream in, LineSink sink, String prefix, String name) {
        this(in, sink, prefix, name, null);
    }

    /**
     * A forwarder that leaves out every line that is, without surrounding blanks, {@code dropped}:
     * a line the JVM itself prints into the program's output (an AOT training's
     * "AOTConfiguration recorded: FILE").
     *
     * @param dropped the line to leave out, or null for none
     */
    OutputForwarder(InputStream in, LineSink sink, String prefix, String name, String dropped) {
        this.dropped = dropped == null ? null : dropped.getBytes(StandardCharsets.UTF_8);
        this.in = in;
        this.sink = sink;
        this.prefix = prefix.getBytes(StandardCharsets.UTF_8);
        this.thread = new Thread(this, name);
        this.thread.setDaemon(true);
    }

    /** Starts forwarding. */
    OutputForwarder start() {
        thread.start();
        return this;
    }

    /** Waits until the stream ended or {@code millis} passed (a PE's child may keep the pipe open). */
    void awaitEnd(long millis) {
        try {
            thread.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void run() {
        byte[] buffer = new byte[8192];
        byte[] line = new byte[256];
        int length = 0;
        try (in) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                for (int i = 0; i < n; i++) {
                    byte b = buffer[i];
                    if (b == '\n') {
                        if (!isDropped(line, length)) {
                            sink.write(prefix, line, length, true);
                        }
                        length = 0;
                    } else {
                        if (length == line.length) {
                            line = Arrays.copyOf(line, line.length * 2);
                        }
                        line[length++] = b;
                    }
                }
            }
        } catch (IOException e) {
            // The PE is gone and its pipe with it; flush what we have.
        }
        if (length > 0 && !isDropped(line, length)) {
            // A last line without a line feed: keep it byte-exact unless lines are tagged.
            sink.write(prefix, line, length, prefix.length > 0);
        }
    }

    /** Whether {@code line[0, length)} is the dropped line, blanks around it aside. */
    private boolean isDropped(byte[] line, int length) {
        if (dropped == null) {
            return false;
        }
        int from = 0;
        int to = length;
        while (from < to && (line[from] == ' ' || line[from] == '\r')) {
            from++;
        }
        while (to > from && (line[to - 1] == ' ' || line[to - 1] == '\r')) {
            to--;
        }
        return Arrays.equals(line, from, to, dropped, 0, dropped.length);
    }
}
