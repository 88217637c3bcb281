package org.pgas4j.launcher;

import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * Checks, before anything is spawned, that the program to run exists: the main class is on the
 * class path (loaded without initialising it), or the jar exists and names a main class; a
 * program given with {@code -m} is checked by {@link ModuleCheck}.
 */
final class ProgramCheck {

    /**
     * A program ready to run.
     *
     * @param mainClass the class whose {@code main} each PE runs
     * @param classPath the PEs' class path: for a program on the class path the user's entries (or
     *        jar), then pgas4j's own classes; for a module the user's {@code -cp} entries only
     * @param module the module the main class is in, or null for a program on the class path
     * @param modulePath the PEs' module path for a module: the user's entries, then pgas4j's own
     *        module ({@code org.pgas4j}); empty for a program on the class path
     */
    record Program(String mainClass, List<String> classPath, String module, List<String> modulePath) {
        /** Copies the lists. */
        Program {
            classPath = List.copyOf(classPath);
            modulePath = List.copyOf(modulePath);
        }

        /** A program on the class path. */
        static Program onClassPath(String mainClass, List<String> classPath) {
            return new Program(mainClass, classPath, null, List.of());
        }

        /** Whether the program runs as a named module. */
        boolean modular() {
            return module != null;
        }

        /** The package of the main class. */
        String mainPackage() {
            int dot = mainClass.lastIndexOf('.');
            return dot < 0 ? "" : mainClass.substring(0, dot);
        }

        /** The class path as one {@code -cp} argument. */
        String joinedClassPath() {
            return String.join(File.pathSeparator, classPath);
        }

        /** The module path as one {@code --module-path} argument. */
        String joinedModulePath() {
            return String.join(File.pathSeparator, modulePath);
        }
    }

    private ProgramCheck() {
    }

    /**
     * Resolves and checks the program of {@code options}.
     *
     * @throws UsageException when the jar or the main class cannot be found
     */
    static Program resolve(RunOptions options, Path self) {
        if (options.module() != null) {
            return ModuleCheck.resolve(options, self);
        }
        List<String> classPath = new ArrayList<>();
        String mainClass = options.mainClass();
        if (options.jar() != null) {
            Path jar = Path.of(options.jar()).toAbsolutePath();
            mainClass = mainClassOfJar(jar);
            classPath.add(jar.toString());
        } else {
            classPath.addAll(options.classPath());
        }
        classPath.add(self.toString());
        requireClass(classPath, mainClass, options.jar() != null ? "main class " + mainClass + " of " + options.jar()
                : "main class " + mainClass);
        return Program.onClassPath(mainClass, classPath);
    }

    /**
     * Checks that {@code className} can be loaded from {@code classPath}.
     *
     * @param what how to name the class in the message
     * @throws UsageException when it cannot
     */
    static void requireClass(List<String> classPath, String className, String what) {
        String joined = String.join(File.pathSeparator, classPath);
        try (URLClassLoader loader = new URLClassLoader(urls(classPath),
                ClassLoader.getPlatformClassLoader())) {
            Class.forName(className, false, loader);
        } catch (ClassNotFoundException e) {
            throw new UsageException(what + " not found on the class path " + joined
                    + (className.endsWith(".class") || className.contains("/")
                    ? " (give a class name like org.example.Main, not a file)" : ""));
        } catch (UnsupportedClassVersionError e) {
            throw new UsageException(what + " was compiled for a newer Java than " + Runtime.version().feature()
                    + ": " + e.getMessage());
        } catch (LinkageError e) {
            throw new UsageException(what + " cannot be loaded: " + e);
        } catch (IOException e) {
            throw new UsageException("cannot read the class path " + joined + ": " + e.getMessage());
        }
    }

    private static String mainClassOfJar(Path jar) {
        if (Files.isDirectory(jar)) {
            throw new UsageException(jar + " is a directory, not a jar file; use -cp " + jar + " MAIN_CLASS for a classes directory");
        }
        if (!Files.isRegularFile(jar)) {
            throw new UsageException("jar file " + jar + " not found");
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest m = file.getManifest();
            String main = m == null ? null : m.getMainAttributes().getValue(Attributes.Name.MAIN_CLASS);
            if (main == null || main.isBlank()) {
                throw new UsageException(jar + " has no Main-Class in its manifest; give -cp " + jar + " MAIN_CLASS instead");
            }
            return main.trim();
        } catch (IOException e) {
            throw new UsageException(jar + " is not a readable jar file: " + e.getMessage());
        }
    }

    /** URLs of class path entries, expanding {@code dir/*} like the java launcher does. */
    private static URL[] urls(List<String> entries) {
        List<URL> urls = new ArrayList<>();
        for (String entry : entries) {
            if (entry.equals("*") || entry.endsWith(File.separator + "*")) {
                Path dir = Path.of(entry.substring(0, entry.length() - 1).isEmpty() ? "." : entry.substring(0, entry.length() - 1));
                try (DirectoryStream<Path> jars = Files.newDirectoryStream(dir, "*.{jar,JAR}")) {
                    for (Path j : jars) {
                        urls.add(toUrl(j));
                    }
                } catch (IOException e) {
                    // A missing wildcard directory adds nothing, as for java itself.
                }
            } else {
                urls.add(toUrl(Path.of(entry)));
            }
        }
        return urls.toArray(URL[]::new);
    }

    private static URL toUrl(Path p) {
        try {
            return p.toAbsolutePath().toUri().toURL();
        } catch (MalformedURLException e) {
            throw new UsageException("class path entry " + p + " is not a valid path");
        }
    }
}
