package org.pgas4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class SettingsTest {

    @Test
    void parseSizeAcceptsSuffixes() {
        assertEquals(0, Settings.parseSize("0"));
        assertEquals(4096, Settings.parseSize("4096"));
        assertEquals(8L << 10, Settings.parseSize("8k"));
        assertEquals(64L << 20, Settings.parseSize("64M"));
        assertEquals(2L << 30, Settings.parseSize(" 2g "));
    }

    @Test
    void parseSizeRejectsBadText() {
        assertThrows(IllegalArgumentException.class, () -> Settings.parseSize(""));
        assertThrows(IllegalArgumentException.class, () -> Settings.parseSize("-1"));
        assertThrows(IllegalArgumentException.class, () -> Settings.parseSize("12x"));
        assertThrows(IllegalArgumentException.class, () -> Settings.parseSize("m"));
        assertThrows(ArithmeticException.class, () -> Settings.parseSize("9999999999999g"));
    }

    @Test
    void propertyBeatsEnvironmentBeatsDefault() {
        Setting<Long> s = Settings.SEGMENT_SIZE;
        Properties props = new Properties();
        Map<String, String> env = Map.of(s.environment(), "2m");
        assertEquals(2L << 20, s.valueFrom(props::getProperty, env));
        props.setProperty(s.property(), "1k");
        assertEquals(1024L, s.valueFrom(props::getProperty, env));
        assertEquals(64L << 20, s.valueFrom(k -> null, Map.of()));
    }

    @Test
    void invalidValueNamesTheSourceAndText() {
        BadArgumentException e = assertThrows(BadArgumentException.class,
                () -> Settings.MAX_ENDPOINTS.valueFrom(k -> "0", Map.of()));
        assertTrue(e.getMessage().contains("pgas4j.endpoints.max") && e.getMessage().contains("'0'"), e.getMessage());
        e = assertThrows(BadArgumentException.class,
                () -> Settings.SEGMENT_SIZE.valueFrom(k -> null, Map.of("PGAS4J_SEGMENT_SIZE", "lots")));
        assertTrue(e.getMessage().contains("PGAS4J_SEGMENT_SIZE"), e.getMessage());
    }

    @Test
    void activeMessageFallbackChunkIsAMultipleOfEightFromOneKibibyte() {
        Setting<Long> s = Settings.AM_FALLBACK_CHUNK;
        assertEquals(16L << 10, s.valueFrom(k -> null, Map.of()));
        assertEquals(1024L, s.valueFrom(k -> "1k", Map.of()));
        assertEquals(24L << 10, s.valueFrom(k -> null, Map.of("PGAS4J_AM_FALLBACK_CHUNK", "24k")));
        assertEquals(1L << 30, s.valueFrom(k -> "1g", Map.of()));
        for (String bad : new String[] {"1016", "1001", "0", "2g", "-8", "many"}) {
            BadArgumentException e = assertThrows(BadArgumentException.class, () -> s.valueFrom(k -> bad, Map.of()));
            assertTrue(e.getMessage().contains("pgas4j.am.fallback.chunk") && e.getMessage().contains(bad), e.getMessage());
        }
    }

    @Test
    void everySettingHasDocAndAValidDefault() {
        for (Setting<?> s : Settings.all()) {
            assertTrue(s.property().startsWith("pgas4j.") && s.environment().startsWith("PGAS4J_"), s.property());
            assertTrue(!s.doc().isBlank(), s.property());
            s.valueFrom(k -> null, Map.of());
        }
    }
}
