package org.pgas4j.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The start-up's random bytes: from the kernel's generator, and from the JDK's where that cannot be read. */
class EntropyTest {
    @Test
    void givesTheCountAskedForAndNeverTheSameBytesTwice() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            byte[] b = Entropy.bytes(16);
            assertEquals(16, b.length);
            assertTrue(seen.add(HexFormat.of().formatHex(b)), "16 random bytes repeated after " + i + " draws");
        }
        assertEquals(1, Entropy.bytes(1).length);
        assertEquals(4096, Entropy.bytes(4096).length);
    }

    @Test
    void usesEveryBitValue() {
        byte[] b = Entropy.bytes(4096);
        int or = 0;
        int and = 0xff;
        for (byte x : b) {
            or |= x & 0xff;
            and &= x & 0xff;
        }
        assertEquals(0xff, or, "some bit is never set in 4096 random bytes");
        assertEquals(0, and, "some bit is always set in 4096 random bytes");
    }

    @Test
    void hexGivesTwoLowerCaseDigitsPerByte() {
        assertTrue(Entropy.hex(8).matches("[0-9a-f]{16}"));
        assertTrue(Entropy.hex(16).matches("[0-9a-f]{32}"));
        assertEquals("", Entropy.hex(0));
        assertThrows(IllegalArgumentException.class, () -> Entropy.hex(-1));
        assertFalse(Entropy.hex(16).equals(Entropy.hex(16)), "two 16-byte draws were equal");
    }

    @Test
    void zeroBytesIsAnEmptyArrayAndANegativeCountIsRefused() {
        assertEquals(0, Entropy.bytes(0).length);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Entropy.bytes(-1));
        assertTrue(e.getMessage().contains("count") && e.getMessage().contains("-1"), e.getMessage());
    }

    @Test
    void fallsBackToTheJdksGeneratorWhereTheSourceIsMissing(@TempDir Path dir) {
        byte[] a = Entropy.bytes(dir.resolve("no-such-device"), 32);
        byte[] b = Entropy.bytes(dir.resolve("no-such-device"), 32);
        assertEquals(32, a.length);
        assertFalse(Arrays.equals(a, b), "the fallback gave the same 32 bytes twice");
        assertFalse(Arrays.equals(a, new byte[32]), "the fallback gave zeros");
    }

    @Test
    void fallsBackWhereTheSourceEndsTooSoon(@TempDir Path dir) throws IOException {
        Path shortSource = Files.write(dir.resolve("short"), new byte[] {1, 2, 3});
        byte[] b = Entropy.bytes(shortSource, 32);
        assertEquals(32, b.length);
        assertFalse(Arrays.equals(Arrays.copyOf(b, 3), new byte[] {1, 2, 3}) && Arrays.equals(
                Arrays.copyOfRange(b, 3, 32), new byte[29]), "a short read was returned padded with zeros");
    }

    @Test
    void readsTheSourceWhenItHasEnough(@TempDir Path dir) throws IOException {
        byte[] content = new byte[64];
        for (int i = 0; i < content.length; i++) {
            content[i] = (byte) (i * 7 + 1);
        }
        Path source = Files.write(dir.resolve("source"), content);
        assertTrue(Arrays.equals(Arrays.copyOf(content, 32), Entropy.bytes(source, 32)),
                "the bytes did not come from the source");
    }
}
