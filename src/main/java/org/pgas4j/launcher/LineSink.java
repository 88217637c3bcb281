package org.pgas4j.launcher;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * One of the launcher's output streams, shared by every PE's forwarder and by the launcher's own
 * messages. Each write is a whole line, written and flushed under a lock, so lines of different
 * PEs never interleave mid-line.
 */
final class LineSink {
    private final OutputStream out;

    LineSink(OutputStream out) {
        this.out = out;
    }

    /** The launcher's standard output, unbuffered by Java. */
    static LineSink stdout() {
        return new LineSink(new FileOutputStream(FileDescriptor.out));
    }

    /** The launcher's standard error, unbuffered by Java. */
    static LineSink stderr() {
        return new LineSink(new FileOutputStream(FileDescriptor.err));
    }

    /**
     * Writes {@code prefix}, {@code length} bytes of {@code line} and, if {@code newline}, a line feed.
     * Output errors (a closed pipe) are ignored: the job must not fail because nobody reads.
     */
    synchronized void write(byte[] prefix, byte[] line, int length, boolean newline) {
        try {
            byte[] all = new byte[prefix.length + length + (newline ? 1 : 0)];
            System.arraycopy(prefix, 0, all, 0, prefix.length);
            System.arraycopy(line, 0, all, prefix.length, length);
            if (newline) {
                all[all.length - 1] = '\n';
            }
            out.write(all);
            out.flush();
        } catch (IOException e) {
            // Nobody reads our output any more; keep the job going.
        }
    }

    /** Writes one line of the launcher's own, {@code pgas4j: } and the message. */
    void message(String text) {
        byte[] b = ("pgas4j: " + text).getBytes(StandardCharsets.UTF_8);
        write(new byte[0], b, b.length, true);
    }
}
