package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The -D properties of a run command line, and the pgas4j settings among them applied to the launcher. */
@Timeout(10)
class RunPropertiesTest {

    @Test
    void definitionsKeepTheFirstOrderAndTheLastValue() {
        Map<String, String> d = RunProperties.definitions(List.of("-Da=1", "-Xmx1g", "-Dflag", "-Db=x=y", "-Da=2",
                "-D", "--add-opens", "-Dc="));
        assertEquals(List.of("a", "flag", "b", "c"), List.copyOf(d.keySet()));
        assertEquals("2", d.get("a"));
        assertEquals("", d.get("flag"));
        assertEquals("x=y", d.get("b"));
        assertEquals("", d.get("c"));
    }

    @Test
    void thePgas4jSettingsHoldInTheLauncherUntilClosed() {
        String kept = "pgas4j.test.runproperties.kept";
        String added = "pgas4j.test.runproperties.added";
        String other = "runproperties.test.other";
        System.setProperty(kept, "launcher");
        try {
            try (SystemPropertyScope ignored = RunProperties.applyToLauncher(
                    List.of("-D" + kept + "=job", "-D" + added, "-D" + other + "=x"))) {
                assertEquals("job", System.getProperty(kept));
                assertEquals("", System.getProperty(added));
                assertNull(System.getProperty(other), "only pgas4j.* settings concern the launcher");
            }
            assertEquals("launcher", System.getProperty(kept));
            assertNull(System.getProperty(added));
        } finally {
            System.clearProperty(kept);
        }
    }
}
