package org.pgas4j.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * A JDK AOT cache file of {@code run --aot-train} and what pgas4j records next to it
 * ({@code FILE.pgas4j}): the JDK that trained it and the class path it was trained with, each jar
 * with its size and time, each class-path directory with the jar made of it (in
 * {@code FILE.jars/}). The JDK 25 in use does not check that a cache's application jars are still
 * the ones it was trained with (it serves the old classes of a rebuilt jar without a word), so
 * {@link #fit} does: a cache whose JDK or class path changed is stale, and not used.
 */
final class AotCache {
    /** The suffix of the record kept next to a cache. */
    static final String RECORD_SUFFIX = ".pgas4j";
    /** The suffix of the directory of jars made of class-path directories. */
    static final String JARS_SUFFIX = ".jars";
    /** The runtime's own cache, next to pgas4j's jar. */
    static final String RUNTIME_CACHE = "pgas4j-runtime.aot";

    private static final String JDK = "jdk";
    private static final String SOURCE = "source.";
    private static final String USED = "used.";
    private static final String STAMP = "stamp.";
    private static final String PACKED = "packed.";
    private static final String COUNT = "entries";

    private final Path file;

    /** @param file the cache (absolute) */
    AotCache(Path file) {
        this.file = file;
    }

    /** The cache file. */
    Path file() {
        return file;
    }

    /** The record next to it. */
    Path record() {
        return file.resolveSibling(file.getFileName() + RECORD_SUFFIX);
    }

    /** Where the jars made of class-path directories go. */
    Path jarsDir() {
        return file.resolveSibling(file.getFileName() + JARS_SUFFIX);
    }

    /**
     * The runtime's cache next to pgas4j's jar {@code self}, or null when pgas4j runs from a
     * directory of classes (a build tree without the jar).
     */
    static AotCache runtimeCache(Path self) {
        return Files.isRegularFile(self) ? new AotCache(self.resolveSibling(RUNTIME_CACHE)) : null;
    }

    /** This JDK, as the record names it. */
    static String thisJdk() {
        return System.getProperty("java.home") + " " + System.getProperty("java.vm.version");
    }

    /**
     * Prepares training: forgets any earlier record, and returns {@code classPath} with every
     * directory packed into a jar under {@link #jarsDir()}.
     *
     * @return the training's class path and, per entry, the time a directory was packed (0 for a jar)
     * @throws IOException if a directory cannot be packed
     */
    Training prepare(List<String> classPath) throws IOException {
        Files.deleteIfExists(record());
        List<String> used = new ArrayList<>();
        long[] packed = new long[classPath.size()];
        for (int i = 0; i < classPath.size(); i++) {
            Path entry = Path.of(classPath.get(i)).toAbsolutePath();
            if (Files.isDirectory(entry)) {
                Files.createDirectories(jarsDir());
                Path jar = jarsDir().resolve(i + "-" + entry.getFileName() + ".jar");
                packed[i] = System.currentTimeMillis();
                DirectoryJar.pack(entry, jar);
                used.add(jar.toString());
            } else {
                used.add(entry.toString());
            }
        }
        return new Training(absolute(classPath), List.copyOf(used), packed);
    }

    /**
     * The class path of a training job: {@code source} as given, {@code used} with directories
     * replaced by jars, {@code packed} when each directory was packed.
     */
    record Training(List<String> source, List<String> used, long[] packed) {
    }

    /**
     * Writes the record of a finished training: after the cache itself is in place.
     *
     * @throws IOException if it cannot be written
     */
    void writeRecord(Training t) throws IOException {
        Properties p = new Properties();
        p.setProperty(JDK, thisJdk());
        p.setProperty(COUNT, Integer.toString(t.source().size()));
        for (int i = 0; i < t.source().size(); i++) {
            p.setProperty(SOURCE + i, t.source().get(i));
            p.setProperty(USED + i, t.used().get(i));
            p.setProperty(STAMP + i, stamp(Path.of(t.used().get(i))));
            p.setProperty(PACKED + i, Long.toString(t.packed()[i]));
        }
        Path tmp = record().resolveSibling(record().getFileName() + ".tmp");
        try (OutputStream out = Files.newOutputStream(tmp)) {
            p.store(out, "pgas4j run --aot-train: what " + file.getFileName() + " was trained with");
        }
        Files.move(tmp, record(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * Whether the cache fits a job whose class path is {@code classPath}: the same JDK, and a class
     * path that starts with the training's (the JVM accepts entries added at the end) whose jars
     * are unchanged and whose directories have not changed since they were packed.
     *
     * @return the class path to run with (directories replaced by their jars), or why the cache
     *         is stale
     */
    Fit fit(List<String> givenClassPath) {
        List<String> classPath = absolute(givenClassPath);
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(record())) {
            p.load(in);
        } catch (IOException e) {
            return Fit.stale("it was not recorded by pgas4j run --aot-train (" + record().getFileName() + " is missing)");
        }
        String jdk = p.getProperty(JDK, "?");
        if (!jdk.equals(thisJdk())) {
            return Fit.stale("the JDK changed (trained with " + jdk + ", this is " + thisJdk() + ")");
        }
        int n = Integer.parseInt(p.getProperty(COUNT, "0"));
        List<String> trained = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            trained.add(p.getProperty(SOURCE + i, ""));
        }
        if (classPath.size() < n || !classPath.subList(0, n).equals(trained)) {
            return Fit.stale("the class path changed (trained with " + String.join(java.io.File.pathSeparator, trained)
                    + ", this job has " + String.join(java.io.File.pathSeparator, classPath) + ")");
        }
        List<String> run = new ArrayList<>(classPath);
        for (int i = 0; i < n; i++) {
            String used = p.getProperty(USED + i, "");
            String changed = changed(Path.of(trained.get(i)), Path.of(used), p.getProperty(STAMP + i, ""),
                    Long.parseLong(p.getProperty(PACKED + i, "0")));
            if (changed != null) {
                return Fit.stale(changed);
            }
            run.set(i, used);
        }
        return new Fit(List.copyOf(run), null);
    }

    /** Why class-path entry {@code source} (run as {@code used}) is not what the cache was trained with, or null. */
    private static String changed(Path source, Path used, String stamp, long packed) {
        try {
            if (!stamp.equals(stamp(used))) {
                return used + " changed since training";
            }
            if (!source.equals(used) && DirectoryJar.newestChange(source) > packed) {
                return "the classes in " + source + " changed since training";
            }
            return null;
        } catch (IOException e) {
            return source + " cannot be read (" + e.getMessage() + ")";
        }
    }

    private static List<String> absolute(List<String> classPath) {
        return classPath.stream().map(e -> Path.of(e).toAbsolutePath().normalize().toString()).toList();
    }

    /** A class-path entry's size and time, "absent" for one that is not there (the JVM skips those). */
    private static String stamp(Path p) throws IOException {
        if (!Files.exists(p)) {
            return "absent";
        }
        return Files.size(p) + "@" + Files.getLastModifiedTime(p).toMillis();
    }

    /**
     * Whether a cache fits a job.
     *
     * @param classPath the class path to run with, when it fits
     * @param staleReason why it does not, or null
     */
    record Fit(List<String> classPath, String staleReason) {
        static Fit stale(String reason) {
            return new Fit(null, reason);
        }

        boolean fits() {
            return staleReason == null;
        }
    }
}
