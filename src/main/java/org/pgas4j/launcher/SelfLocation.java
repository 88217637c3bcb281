package org.pgas4j.launcher;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.CodeSource;

/** Where the launcher's own classes come from: the pgas4j jar, or a classes directory in development. */
final class SelfLocation {
    private SelfLocation() {
    }

    /** The jar or directory holding pgas4j's classes; PEs get it at the end of their class path. */
    static Path path() {
        CodeSource source = Launcher.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            throw new IllegalStateException("cannot tell where pgas4j's classes are loaded from");
        }
        try {
            return Path.of(source.getLocation().toURI()).toAbsolutePath().normalize();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("pgas4j's location is not a file: " + source.getLocation(), e);
        }
    }

    /** The version in the jar manifest, or {@code dev} when running from a classes directory. */
    static String version() {
        String v = Launcher.class.getPackage().getImplementationVersion();
        return v != null ? v : "dev";
    }
}
