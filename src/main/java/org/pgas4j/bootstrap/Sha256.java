package org.pgas4j.bootstrap;

/**
 * SHA-256 (FIPS 180-4) for {@link HmacSha256}, written out so that the start-up handshakes do not
 * go through the JDK's security providers: the first {@code MessageDigest.getInstance("SHA-256")}
 * in a JVM sets up the provider framework, about 9 ms of CPU in a PE started from pgas4j's AOT
 * cache, and a PMIx job paid it twice in a row on its critical path (a PE's tag, then PE 0's
 * check; docs/benchmarks.md). The digests equal the JDK's ({@code Sha256Test} compares them).
 * One instance per digest in progress; not thread-safe.
 */
final class Sha256 {
    /** The digest's length in bytes. */
    static final int DIGEST_BYTES = 32;
    private static final int BLOCK_BYTES = 64;

    /** The first 32 bits of the fractional parts of the square roots of the first 8 primes. */
    private static final int[] INITIAL = {
            0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

    /** The first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
    private static final int[] ROUND = {
            0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
            0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
            0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
            0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
            0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
            0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
            0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
            0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

    private final int[] state = new int[8];
    private final int[] schedule = new int[64];
    private final byte[] block = new byte[BLOCK_BYTES];
    /** Bytes waiting in {@link #block}. */
    private int buffered;
    /** Bytes hashed since the last reset. */
    private long length;

    /** A digest of nothing so far. */
    Sha256() {
        reset();
    }

    private void reset() {
        System.arraycopy(INITIAL, 0, state, 0, INITIAL.length);
        buffered = 0;
        length = 0;
    }

    /** Adds {@code data} to the message. */
    void update(byte[] data) {
        int offset = 0;
        length += data.length;
        while (offset < data.length) {
            int n = Math.min(BLOCK_BYTES - buffered, data.length - offset);
            System.arraycopy(data, offset, block, buffered, n);
            buffered += n;
            offset += n;
            if (buffered == BLOCK_BYTES) {
                compress();
                buffered = 0;
            }
        }
    }

    /** Adds {@code last}, then returns the digest of the whole message and starts a new one. */
    byte[] digest(byte[] last) {
        update(last);
        return digest();
    }

    /** The digest of the message so far; starts a new one. */
    byte[] digest() {
        long bits = length * 8;
        block[buffered++] = (byte) 0x80;
        if (buffered > BLOCK_BYTES - 8) {
            java.util.Arrays.fill(block, buffered, BLOCK_BYTES, (byte) 0);
            compress();
            buffered = 0;
        }
        java.util.Arrays.fill(block, buffered, BLOCK_BYTES - 8, (byte) 0);
        for (int i = 0; i < 8; i++) {
            block[BLOCK_BYTES - 1 - i] = (byte) (bits >>> (8 * i));
        }
        compress();
        byte[] out = new byte[DIGEST_BYTES];
        for (int i = 0; i < state.length; i++) {
            out[4 * i] = (byte) (state[i] >>> 24);
            out[4 * i + 1] = (byte) (state[i] >>> 16);
            out[4 * i + 2] = (byte) (state[i] >>> 8);
            out[4 * i + 3] = (byte) state[i];
        }
        reset();
        return out;
    }

    /** One round of the compression function over {@link #block}. */
    private void compress() {
        int[] w = schedule;
        for (int t = 0; t < 16; t++) {
            w[t] = (block[4 * t] & 0xff) << 24 | (block[4 * t + 1] & 0xff) << 16
                    | (block[4 * t + 2] & 0xff) << 8 | block[4 * t + 3] & 0xff;
        }
        for (int t = 16; t < 64; t++) {
            int s0 = Integer.rotateRight(w[t - 15], 7) ^ Integer.rotateRight(w[t - 15], 18) ^ (w[t - 15] >>> 3);
            int s1 = Integer.rotateRight(w[t - 2], 17) ^ Integer.rotateRight(w[t - 2], 19) ^ (w[t - 2] >>> 10);
            w[t] = w[t - 16] + s0 + w[t - 7] + s1;
        }
        int a = state[0];
        int b = state[1];
        int c = state[2];
        int d = state[3];
        int e = state[4];
        int f = state[5];
        int g = state[6];
        int h = state[7];
        for (int t = 0; t < 64; t++) {
            int sum1 = Integer.rotateRight(e, 6) ^ Integer.rotateRight(e, 11) ^ Integer.rotateRight(e, 25);
            int choose = (e & f) ^ (~e & g);
            int t1 = h + sum1 + choose + ROUND[t] + w[t];
            int sum0 = Integer.rotateRight(a, 2) ^ Integer.rotateRight(a, 13) ^ Integer.rotateRight(a, 22);
            int majority = (a & b) ^ (a & c) ^ (b & c);
            int t2 = sum0 + majority;
            h = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = b;
            b = a;
            a = t1 + t2;
        }
        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        state[4] += e;
        state[5] += f;
        state[6] += g;
        state[7] += h;
    }
}
