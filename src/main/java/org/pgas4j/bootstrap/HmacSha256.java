package org.pgas4j.bootstrap;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * HMAC-SHA256 (RFC 2104) over the JDK's SHA-256 {@link MessageDigest}, for the start-up
 * handshakes (launcher and PE, PE and PE 0). The same tags as {@code Mac.getInstance("HmacSHA256")},
 * without loading the SunJCE provider: that load took about 25 ms of CPU in every PE's start
 * (docs/benchmarks.md, "Where a PE's start-up went"), while the SUN provider that serves SHA-256 is loaded anyway.
 */
final class HmacSha256 {
    private static final int BLOCK_BYTES = 64;
    private static final byte INNER_PAD = 0x36;
    private static final byte OUTER_PAD = 0x5c;

    private HmacSha256() {
    }

    /** The tag of the concatenation of {@code parts} under {@code key}. */
    static byte[] tag(byte[] key, byte[]... parts) {
        MessageDigest sha = sha256();
        byte[] k = key.length > BLOCK_BYTES ? sha.digest(key) : key;
        byte[] inner = new byte[BLOCK_BYTES];
        byte[] outer = new byte[BLOCK_BYTES];
        for (int i = 0; i < BLOCK_BYTES; i++) {
            byte b = i < k.length ? k[i] : 0;
            inner[i] = (byte) (b ^ INNER_PAD);
            outer[i] = (byte) (b ^ OUTER_PAD);
        }
        sha.update(inner);
        for (byte[] part : parts) {
            sha.update(part);
        }
        byte[] innerHash = sha.digest();
        sha.update(outer);
        return sha.digest(innerHash);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }
}
