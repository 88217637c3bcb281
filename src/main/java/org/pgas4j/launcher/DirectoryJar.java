package org.pgas4j.launcher;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * A class-path directory packed into a jar, because the JDK records an AOT cache only for a class
 * path of jars ("Cannot have non-empty directory in paths"): {@link #pack} writes the jar, and
 * {@link #newestChange} tells whether the directory changed since.
 */
final class DirectoryJar {
    private DirectoryJar() {
    }

    /**
     * Writes every file under {@code dir} into the jar {@code jar} (replacing it), named by its path
     * relative to {@code dir}, in a fixed order, through a temporary file renamed at the end.
     *
     * @throws IOException if the directory cannot be read or the jar written
     */
    static void pack(Path dir, Path jar) throws IOException {
        Path tmp = jar.resolveSibling(jar.getFileName() + ".tmp");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        try (OutputStream raw = Files.newOutputStream(tmp); JarOutputStream out = new JarOutputStream(raw)) {
            for (Path f : files) {
                JarEntry e = new JarEntry(dir.relativize(f).toString().replace(java.io.File.separatorChar, '/'));
                e.setLastModifiedTime(Files.getLastModifiedTime(f));
                out.putNextEntry(e);
                Files.copy(f, out);
                out.closeEntry();
            }
        }
        Files.move(tmp, jar, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * The latest modification time of {@code dir} and of everything under it, in milliseconds:
     * a file added, removed or rewritten since a jar was packed moves it past the jar's time.
     *
     * @throws IOException if the directory cannot be read
     */
    static long newestChange(Path dir) throws IOException {
        long newest = 0;
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                FileTime t = Files.getLastModifiedTime(p);
                newest = Math.max(newest, t.toMillis());
            }
        }
        return newest;
    }
}
