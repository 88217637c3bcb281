package org.pgas4j.bootstrap;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * Random bytes for the start-up's secrets and nonces (job ids, job secrets, handshake nonces),
 * read from the kernel's generator ({@code /dev/urandom}) where there is one, else from a
 * {@link SecureRandom}.
 *
 * <p>Why not always {@link SecureRandom}: its first instance in a JVM looks up a security
 * provider and seeds itself, about 6 ms of CPU inside a PE's start-up and 18-20 ms in a fresh
 * JVM on this project's machines, and every launcher, PE and PMIx PE 0 made one while others
 * waited for it (docs/benchmarks.md). A read of {@code /dev/urandom}, the same source the JDK's
 * default {@code NativePRNG} draws from, takes 0.1 ms.
 */
public final class Entropy {
    private static final Path KERNEL_SOURCE = Path.of("/dev/urandom");

    /** Made only where the kernel's source cannot be read. */
    private static final class Fallback {
        private static final SecureRandom RANDOM = new SecureRandom();
    }

    private Entropy() {
    }

    /**
     * {@code count} random bytes.
     *
     * @param count how many, 0 or more
     * @return a new array of {@code count} random bytes
     * @throws IllegalArgumentException when {@code count} is negative
     */
    public static byte[] bytes(int count) {
        return bytes(KERNEL_SOURCE, count);
    }

    /**
     * {@code count} random bytes as {@code 2 * count} lower-case hexadecimal digits: job ids (8 bytes)
     * and job secrets (16 bytes).
     *
     * @param count how many random bytes, 0 or more
     * @return their hexadecimal digits
     * @throws IllegalArgumentException when {@code count} is negative
     */
    public static String hex(int count) {
        return HexFormat.of().formatHex(bytes(count));
    }

    /** {@link #bytes(int)} from {@code source}, or from a {@link SecureRandom} when it cannot be read whole. */
    static byte[] bytes(Path source, int count) {
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative: " + count);
        }
        byte[] b = new byte[count];
        if (count == 0) {
            return b;
        }
        try (InputStream in = new FileInputStream(source.toFile())) {
            if (in.readNBytes(b, 0, count) == count) {
                return b;
            }
        } catch (IOException e) {
            // no kernel source here (not Linux, a sandbox): the JDK's generator
        }
        Fallback.RANDOM.nextBytes(b);
        return b;
    }
}
