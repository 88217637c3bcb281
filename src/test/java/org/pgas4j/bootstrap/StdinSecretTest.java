package org.pgas4j.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The secret a remote spawner writes on a PE's standard input. */
@Timeout(10)
class StdinSecretTest {
    @Test
    void readsTheFirstLineAndLeavesTheRestToTheProgram() throws Exception {
        ByteArrayInputStream in = new ByteArrayInputStream("0123456789abcdef0123456789abcdef\nuser input\n"
                .getBytes(StandardCharsets.US_ASCII));
        assertEquals("0123456789abcdef0123456789abcdef", StdinSecret.read(in));
        assertEquals("user input\n", new String(in.readAllBytes(), StandardCharsets.US_ASCII));
    }

    @Test
    void anEmptyOrEndlessInputIsNamed() {
        BootstrapException e = assertThrows(BootstrapException.class,
                () -> StdinSecret.read(new ByteArrayInputStream(new byte[0])));
        assertTrue(e.getMessage().contains(LaunchEnvironment.SECRET_ON_STDIN + " is set but standard input holds no job secret"),
                e.getMessage());
        e = assertThrows(BootstrapException.class, () -> StdinSecret.read(new ByteArrayInputStream(new byte[1000])));
        assertTrue(e.getMessage().contains("longer than 256 bytes"), e.getMessage());
    }
}
