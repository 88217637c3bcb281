package org.pgas4j.bootstrap;

/**
 * HMAC-SHA256 (RFC 2104) over pgas4j's own {@link Sha256}, for the start-up handshakes (launcher
 * and PE, PE and PE 0). The same tags as {@code Mac.getInstance("HmacSHA256")}, without the JDK's
 * security providers: loading SunJCE for {@code Mac} took about 25 ms of CPU in every PE's start,
 * and the SUN provider behind {@code MessageDigest} still about 9 ms, twice in a row on a PMIx
 * job's critical path (docs/benchmarks.md, "Where a PE's start-up went" and the ninth session).
 */
final class HmacSha256 {
    private static final int BLOCK_BYTES = 64;
    private static final byte INNER_PAD = 0x36;
    private static final byte OUTER_PAD = 0x5c;

    private HmacSha256() {
    }

    /** The tag of the concatenation of {@code parts} under {@code key}. */
    static byte[] tag(byte[] key, byte[]... parts) {
        Sha256 sha = new Sha256();
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
}
