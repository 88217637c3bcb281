package org.pgas4j.testing;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * This build's runtime classes packed as an executable jar, as Maven packages them, for tests
 * that run {@code bin/pgas4j} ({@code PGAS4J_JAR}) before Maven has made the real one.
 */
public final class RuntimeJar {
    private static final String LAUNCHER = "org.pgas4j.launcher.Launcher";

    private RuntimeJar() {
    }

    /**
     * Writes the classes under {@code classes} into {@code jar}, with the manifest of pgas4j's jar.
     *
     * @return {@code jar}
     */
    public static Path pack(Path classes, Path jar) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, LAUNCHER);
        manifest.getMainAttributes().putValue("Enable-Native-Access", "ALL-UNNAMED");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest);
             Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                String name = classes.relativize(f).toString().replace(File.separatorChar, '/');
                if (name.equals("META-INF/MANIFEST.MF")) {
                    continue;
                }
                out.putNextEntry(new JarEntry(name));
                Files.copy(f, out);
                out.closeEntry();
            }
        }
        return jar;
    }
}
