package org.pgas4j.bootstrap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** pgas4j's SHA-256: FIPS 180-4's examples, and the JDK's digest at every length around the padding's edges. */
class Sha256Test {
    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s);
    }

    @Test
    void fipsExamples() {
        assertArrayEquals(hex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
                new Sha256().digest(ascii("abc")));
        assertArrayEquals(hex("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
                new Sha256().digest(ascii("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")));
        assertArrayEquals(hex("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
                new Sha256().digest(new byte[0]));
    }

    @Test
    void aMillionAsInPiecesOfEveryAwkwardSize() {
        Sha256 sha = new Sha256();
        byte[] piece = new byte[1000];
        java.util.Arrays.fill(piece, (byte) 'a');
        for (int i = 0; i < 1000; i++) {
            sha.update(piece);
        }
        assertArrayEquals(hex("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"), sha.digest());
    }

    @Test
    void matchesTheJdkAtEveryLengthAroundTheBlockAndPaddingEdges() throws Exception {
        Random random = new Random(7);
        Sha256 reused = new Sha256();
        for (int length = 0; length <= 300; length++) {
            byte[] data = new byte[length];
            random.nextBytes(data);
            byte[] expected = MessageDigest.getInstance("SHA-256").digest(data);
            assertArrayEquals(expected, new Sha256().digest(data), "length " + length);
            // in two parts split anywhere, and with an instance reused after a digest
            int split = length == 0 ? 0 : random.nextInt(length + 1);
            reused.update(java.util.Arrays.copyOfRange(data, 0, split));
            assertArrayEquals(expected, reused.digest(java.util.Arrays.copyOfRange(data, split, length)),
                    "length " + length + " split at " + split);
        }
    }
}
