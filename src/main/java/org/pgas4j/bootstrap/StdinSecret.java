package org.pgas4j.bootstrap;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads the job secret a remote spawner wrote as the first line of a PE's standard input (see
 * {@link LaunchEnvironment#SECRET_ON_STDIN}), one byte at a time so that nothing after the line is
 * taken from the program.
 */
final class StdinSecret {
    private static final int MAX_LINE = 256;

    private StdinSecret() {
    }

    /** The first line of {@code in}, without its end. */
    static String read(InputStream in) {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        try {
            int b;
            while ((b = in.read()) != -1 && b != '\n') {
                if (line.size() >= MAX_LINE) {
                    throw new BootstrapException("the job secret on standard input is longer than " + MAX_LINE + " bytes");
                }
                line.write(b);
            }
        } catch (IOException e) {
            throw new BootstrapException("cannot read the job secret from standard input: " + e.getMessage(), e);
        }
        if (line.size() == 0) {
            throw new BootstrapException(LaunchEnvironment.SECRET_ON_STDIN
                    + " is set but standard input holds no job secret: start PEs with bin/pgas4j run");
        }
        return line.toString(StandardCharsets.US_ASCII).trim();
    }
}
