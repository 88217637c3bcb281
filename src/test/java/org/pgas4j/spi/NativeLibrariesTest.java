package org.pgas4j.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Settings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** pgas4j.library.path: the directories searched instead of the loader's, and what is refused. */
class NativeLibrariesTest {
    private static final String PROPERTY = Settings.LIBRARY_PATH.property();

    @TempDir
    Path dir;

    @AfterEach
    void clear() {
        System.clearProperty(PROPERTY);
    }

    @Test
    void withoutTheSettingTheLoadersOwnSearchFindsALibrary() {
        assertEquals(List.of(), NativeLibraries.searchPath());
        try (Arena arena = Arena.ofConfined()) {
            assertTrue(NativeLibraries.load("libc.so.6", arena).find("getpid").isPresent());
        }
    }

    @Test
    void withTheSettingOnlyItsDirectoriesAreSearchedInOrder() throws Exception {
        Path empty = Files.createDirectory(dir.resolve("empty"));
        Path libs = Files.createDirectory(dir.resolve("libs"));
        System.setProperty(PROPERTY, empty + ":" + libs);
        assertEquals(List.of(empty, libs), NativeLibraries.searchPath());
        try (Arena arena = Arena.ofConfined()) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> NativeLibraries.load("libc.so.6", arena));
            assertEquals("libc.so.6 is not in any directory of pgas4j.library.path (" + empty + ":" + libs + ")",
                    e.getMessage());
            Path libc = Path.of("/lib/x86_64-linux-gnu/libc.so.6");
            if (Files.exists(libc)) {
                Files.createSymbolicLink(libs.resolve("libc.so.6"), libc);
                assertEquals(Optional.of(libs.resolve("libc.so.6")), NativeLibraries.findInSearchPath("libc.so.6"));
                assertTrue(NativeLibraries.load("libc.so.6", arena).find("getpid").isPresent());
            }
        }
    }

    @Test
    void aRelativeDirectoryIsRefusedNamingTheSetting() {
        System.setProperty(PROPERTY, "/usr/lib:lib");
        BadArgumentException e = assertThrows(BadArgumentException.class, NativeLibraries::searchPath);
        assertTrue(e.getMessage().contains("pgas4j.library.path") && e.getMessage().contains("'lib' is not an absolute"),
                e.getMessage());
    }
}
