package org.pgas4j.bootstrap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** The start-up handshakes' HMAC-SHA256: RFC 4231's vectors, and the JDK's Mac on every key and data length. */
class HmacSha256Test {
    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s);
    }

    @Test
    void rfc4231TestCases() {
        // case 1: a 20-byte key
        assertArrayEquals(hex("b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
                HmacSha256.tag(hex("0b".repeat(20)), "Hi There".getBytes(StandardCharsets.US_ASCII)));
        // case 2: a key shorter than the output, data in two parts
        assertArrayEquals(hex("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
                HmacSha256.tag("Jefe".getBytes(StandardCharsets.US_ASCII), "what do ya want ".getBytes(StandardCharsets.US_ASCII),
                        "for nothing?".getBytes(StandardCharsets.US_ASCII)));
        // case 6: a 131-byte key, longer than the block, hashed first
        assertArrayEquals(hex("60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
                HmacSha256.tag(hex("aa".repeat(131)),
                        "Test Using Larger Than Block-Size Key - Hash Key First".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void matchesTheJdksMacForEveryKeyLengthAroundTheBlock() throws Exception {
        Random random = new Random(42);
        for (int keyLength : new int[] {0, 1, 16, 32, 63, 64, 65, 128}) {
            for (int dataLength : new int[] {0, 1, 55, 64, 100}) {
                byte[] key = new byte[keyLength];
                byte[] data = new byte[dataLength];
                random.nextBytes(key);
                random.nextBytes(data);
                Mac mac = Mac.getInstance("HmacSHA256");
                // the JDK refuses an empty key; a one-byte zero key pads to the same block
                mac.init(new SecretKeySpec(keyLength == 0 ? new byte[1] : key, "HmacSHA256"));
                assertArrayEquals(mac.doFinal(data), HmacSha256.tag(key, data), "key " + keyLength + ", data " + dataLength);
            }
        }
    }
}
