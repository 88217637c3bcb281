package org.pgas4j.library;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * pgas4j as a library, end to end: {@code mvn install} of this project puts the jar, its sources
 * and its javadoc into a local repository, the sample consumer {@code samples/consumer} builds
 * offline against what was installed, and {@code bin/pgas4j run -cp} runs it, on the class path
 * with 2 and 3 PEs and as a module, every PE verifying its part of the result.
 *
 * <p>This runs inside the {@code mvn test} of this project, so it never builds in this checkout:
 * it copies what a build needs (the pom, {@code .mvn}, {@code mvnw}, {@code src/main},
 * {@code src/build}, {@code bin}, the consumer) into a temporary directory and builds there, into
 * a temporary local repository. A settings file given as Maven's global settings (the user's own
 * settings still apply) adds the user's local repository, read through a {@code file:} URL, as
 * the first remote repository: whatever this project's build already downloaded is taken from
 * there and the user's repository is never written. The install runs online, so that a plugin
 * that only {@code install} uses (maven-source-plugin, maven-javadoc-plugin) comes from Maven
 * Central where the user's repository does not have it yet (a fresh machine whose
 * {@code ~/.m2} holds only what {@code mvn test} fetched). The consumer then builds with
 * {@code -o}, reading only the temporary repository and the user's one: its plugins must be
 * among those this project's build uses, which is what makes {@code mvn -o package} work for a
 * reader after our {@code mvn install}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class ConsumerProjectTest {
    private static final String MAIN = "org.example.histogram.Main";
    private static final String CONSUMER = "samples/consumer";
    private static final String FILE_REPOSITORY_ID = "pgas4j-user-repository";
    private static final Pattern PE_LINE = Pattern.compile(
            "PE (\\d+) of (\\d+): (\\d+) bins hold (\\d+) of (\\d+) samples, matching a serial count \\((.*)\\): verified");
    private static final Path REPO = repositoryRoot();

    @TempDir
    static Path dir;

    private Path copy;
    private Path localRepository;
    private Path settings;
    private String version;
    private Path installed;

    @BeforeAll
    void installPgas4jAndBuildTheConsumer() throws Exception {
        Document main = pom(REPO.resolve("pom.xml"));
        Document consumer = pom(REPO.resolve(CONSUMER).resolve("pom.xml"));
        version = text(main.getDocumentElement(), "version");
        checkTheConsumerPom(main, consumer);

        copy = dir.resolve("pgas4j");
        for (String part : List.of("pom.xml", "mvnw", ".mvn", "src/main", "src/build", "bin", CONSUMER)) {
            copyTree(REPO.resolve(part), copy.resolve(part));
        }
        localRepository = Files.createDirectories(dir.resolve("repository"));
        settings = writeSettings(userRepository());

        Outcome install = timed("install", maven(copy, "-Dmaven.test.skip=true", "install"));
        assertEquals(0, install.status(), () -> "mvn install of pgas4j failed\n" + install);
        installed = localRepository.resolve("org/pgas4j/pgas4j").resolve(version);

        // As docs/library.md says: offline (the file: URL of the user's repository excepted), and
        // with the consumer's own pgas4j.version, checked above to be ours.
        Outcome build = timed("consumer build", maven(copy.resolve(CONSUMER), "-o", "-Daether.offline.protocols=file",
                "package"));
        assertEquals(0, build.status(), () -> "the consumer did not build offline against the installed pgas4j "
                + version + "\n" + build);
    }

    @Test
    void theConsumersOwnPgasTestsRanInItsBuild() throws IOException {
        // HistogramTest: @PgasTest over 1, 2 and 5 in-JVM PEs and 3 PE processes over shm.
        Path report = copy.resolve(CONSUMER).resolve("target/surefire-reports/TEST-org.example.histogram.HistogramTest.xml");
        assertTrue(Files.isRegularFile(report), "the consumer's build ran its tests: " + report);
        String head = Files.readString(report);
        assertTrue(head.contains("tests=\"4\"") && head.contains("failures=\"0\"") && head.contains("errors=\"0\"")
                && head.contains("skipped=\"0\""), () -> "4 invocations, all passed:\n" + head.substring(0, Math.min(600,
                head.length())));
    }

    @Test
    void installPutsTheJarItsSourcesAndItsJavadocIntoTheLocalRepository() throws IOException {
        String base = "pgas4j-" + version;
        for (String file : List.of(base + ".pom", base + ".jar", base + "-sources.jar", base + "-javadoc.jar")) {
            Path f = installed.resolve(file);
            assertTrue(Files.isRegularFile(f) && Files.size(f) > 0, () -> "install put " + file + " into " + installed);
        }
        try (JarFile jar = new JarFile(installed.resolve(base + ".jar").toFile())) {
            assertTrue(jar.getEntry("module-info.class") != null, "the jar is the module org.pgas4j");
            assertEquals(version, jar.getManifest().getMainAttributes().getValue("Implementation-Version"));
        }
        Set<String> sources = entries(installed.resolve(base + "-sources.jar"));
        assertTrue(sources.contains("org/pgas4j/Client.java"), "the sources jar has the core API");
        assertTrue(sources.contains("org/pgas4j/Rma.java"), "the sources jar has the sources expanded from templates");
        assertTrue(sources.contains("module-info.java"), "the sources jar has module-info.java");

        Set<String> packages = new TreeSet<>();
        for (String e : entries(installed.resolve(base + "-javadoc.jar"))) {
            Matcher m = Pattern.compile("(?:org\\.pgas4j/)?(org/pgas4j(?:/[a-z]+)*)/package-summary\\.html").matcher(e);
            if (m.matches()) {
                packages.add(m.group(1).replace('/', '.'));
            }
        }
        Set<String> exported = new TreeSet<>(exportedPackages());
        assertEquals(exported, packages, "the javadoc documents exactly the packages module-info exports");
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {2, 3})
    void theConsumerRunsOnTheClassPathThroughBinPgas4j(int pes) throws Exception {
        Path classes = copy.resolve(CONSUMER).resolve("target/classes");
        Outcome run = timed("run -np " + pes, pgas4j("run", "-np", Integer.toString(pes), "--timeout", "90",
                "-cp", classes.toString(), MAIN));
        checkEveryPe(run, pes, "class path");
    }

    @Test
    void theConsumerRunsAsAModuleAgainstTheInstalledJar() throws Exception {
        Path jar = copy.resolve(CONSUMER).resolve("target/pgas4j-histogram-1.0.0-SNAPSHOT.jar");
        assertTrue(Files.isRegularFile(jar), "mvn package made " + jar);
        String modulePath = jar + File.pathSeparator + installed.resolve("pgas4j-" + version + ".jar");
        Outcome run = timed("run -np 2 as a module", pgas4j("run", "-np", "2", "--timeout", "90",
                "--jvm-arg", "--module-path=" + modulePath,
                "--jvm-arg", "--add-modules=org.example.histogram",
                "--jvm-arg", "--enable-native-access=org.pgas4j",
                "-cp", jar.toString(), MAIN));
        checkEveryPe(run, 2, "module org.example.histogram with module org.pgas4j");
        assertFalse(run.err().contains("WARNING"), () -> "no warning with native access enabled for org.pgas4j\n" + run);
    }

    @Test
    void theConsumerRunsAsANamedModuleWithDashPAndDashM() throws Exception {
        Path jar = copy.resolve(CONSUMER).resolve("target/pgas4j-histogram-1.0.0-SNAPSHOT.jar");
        assertTrue(Files.isRegularFile(jar), "mvn package made " + jar);
        // The main class comes from the jar's module descriptor; the launcher adds its own module.
        Outcome run = timed("run -np 3 -p JAR -m MODULE", pgas4j("run", "-np", "3", "--timeout", "90",
                "-p", jar.toString(), "-m", "org.example.histogram"));
        checkEveryPe(run, 3, "module org.example.histogram with module org.pgas4j");
        assertFalse(run.err().contains("WARNING"), () -> "no warning: the launcher enables native access\n" + run);
    }

    // ---------------------------------------------------------------- the checks

    /** The consumer's default pgas4j version is ours, and every plugin it pins is pinned the same here. */
    private static void checkTheConsumerPom(Document main, Document consumer) {
        Element properties = (Element) consumer.getDocumentElement().getElementsByTagName("properties").item(0);
        assertEquals(text(main.getDocumentElement(), "version"), text(properties, "pgas4j.version"),
                CONSUMER + "/pom.xml's pgas4j.version must be this project's version: its README step "
                        + "'mvn install, then mvn -o package there' builds against the version just installed");
        Map<String, String> ours = plugins(main);
        plugins(consumer).forEach((plugin, pinned) -> {
            assertTrue(ours.containsKey(plugin), CONSUMER + "/pom.xml uses " + plugin
                    + ", which pgas4j's build does not: an offline build of the consumer would not find it");
            assertEquals(ours.get(plugin), pinned, CONSUMER + "/pom.xml pins " + plugin + " " + pinned
                    + " but pgas4j's build uses " + ours.get(plugin) + ": pin the same, so an offline build finds it");
        });
        for (String needed : List.of("maven-compiler-plugin", "maven-resources-plugin", "maven-surefire-plugin",
                "maven-jar-plugin", "maven-install-plugin", "maven-clean-plugin")) {
            assertTrue(plugins(consumer).containsKey("org.apache.maven.plugins:" + needed),
                    CONSUMER + "/pom.xml pins " + needed + " (else Maven picks its own default version, maybe not in the repository)");
        }
    }

    private static void checkEveryPe(Outcome run, int pes, String where) {
        assertEquals(0, run.status(), () -> "bin/pgas4j run of the consumer failed\n" + run);
        Set<Integer> seen = new TreeSet<>();
        long bins = 0;
        for (String line : run.out().split("\n")) {
            Matcher m = PE_LINE.matcher(line);
            if (m.matches()) {
                assertEquals(pes, Integer.parseInt(m.group(2)), line);
                assertEquals(where, m.group(6), line);
                assertEquals(20_000L * pes, Long.parseLong(m.group(5)), line);
                assertTrue(seen.add(Integer.parseInt(m.group(1))), () -> "two lines for one PE\n" + run);
                bins += Long.parseLong(m.group(3));
            }
        }
        Set<Integer> all = new TreeSet<>();
        for (int r = 0; r < pes; r++) {
            all.add(r);
        }
        assertEquals(all, seen, () -> "every PE prints its verification line\n" + run);
        assertEquals(97, bins, "the PEs own the 97 bins between them");
    }

    // ---------------------------------------------------------------- Maven and bin/pgas4j

    /** Maven in {@code project}: the installed mvn, else the copy's ./mvnw (as bin/test chooses). */
    private Outcome maven(Path project, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(onPath("mvn") != null ? onPath("mvn").toString() : copy.resolve("mvnw").toString());
        cmd.addAll(List.of("-B", "-q", "-ntp", "-Dstyle.color=never", "-gs", settings.toString(),
                "-Dmaven.repo.local=" + localRepository));
        cmd.addAll(List.of(args));
        return run(project, 240, cmd);
    }

    /** The copy's bin/pgas4j, which runs the jar that the install built there. */
    private Outcome pgas4j(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(copy.resolve("bin/pgas4j").toString());
        cmd.addAll(List.of(args));
        Outcome o = run(copy, 120, cmd);
        assertFalse(o.err().contains("pgas4j: building"), () -> "bin/pgas4j found the installed build stale\n" + o);
        return o;
    }

    /**
     * The global settings of the nested builds: the user's local repository as the first remote
     * repository (so whatever this build downloaded is not downloaded again, and the user's
     * repository is only read), with a mirror of its own id so that a user's mirror of '*' does
     * not take it over.
     */
    private Path writeSettings(Path user) throws IOException {
        String url = user.toUri().toString();
        String repository = """
                        <repository>
                          <id>%s</id>
                          <url>%s</url>
                          <releases><enabled>true</enabled><checksumPolicy>ignore</checksumPolicy></releases>
                          <snapshots><enabled>false</enabled></snapshots>
                        </repository>
                """.formatted(FILE_REPOSITORY_ID, url);
        String xml = """
                <?xml version="1.0" encoding="UTF-8"?>
                <settings xmlns="http://maven.apache.org/SETTINGS/1.0.0">
                  <mirrors>
                    <mirror>
                      <id>%1$s-itself</id>
                      <mirrorOf>%1$s</mirrorOf>
                      <url>%2$s</url>
                    </mirror>
                  </mirrors>
                  <profiles>
                    <profile>
                      <id>%1$s</id>
                      <repositories>
                %3$s      </repositories>
                      <pluginRepositories>
                %4$s      </pluginRepositories>
                    </profile>
                  </profiles>
                  <activeProfiles>
                    <activeProfile>%1$s</activeProfile>
                  </activeProfiles>
                </settings>
                """.formatted(FILE_REPOSITORY_ID, url, repository,
                repository.replace("<repository>", "<pluginRepository>").replace("</repository>", "</pluginRepository>"));
        return Files.writeString(dir.resolve("settings.xml"), xml);
    }

    /** The local repository of the Maven running this test (surefire passes it), else ~/.m2/repository. */
    private static Path userRepository() {
        String given = System.getProperty("localRepository");
        Path repo = given != null && !given.isBlank() ? Path.of(given)
                : Path.of(System.getProperty("user.home"), ".m2", "repository");
        assertTrue(Files.isDirectory(repo), "the user's local repository " + repo + " is a directory");
        System.out.println("ConsumerProjectTest: reading the user's local repository " + repo
                + (given != null ? " (the one surefire names)" : ""));
        return repo;
    }

    private Outcome timed(String what, Outcome o) {
        System.out.println("ConsumerProjectTest: " + what + " took " + o.millis() + " ms");
        return o;
    }

    /**
     * What a command did.
     *
     * @param command the command line
     * @param status its exit status
     * @param out its standard output
     * @param err its standard error
     * @param millis how long it ran
     */
    record Outcome(String command, int status, String out, String err, long millis) {
        @Override
        public String toString() {
            return String.join(" ", command) + ": status " + status + " after " + millis + " ms\n--- stdout\n"
                    + tail(out) + "--- stderr\n" + tail(err);
        }

        private static String tail(String s) {
            return s.length() <= 6000 ? s : "...\n" + s.substring(s.length() - 6000);
        }
    }

    /** Runs {@code cmd} in {@code where} with the JDK running this test first on the PATH. */
    private Outcome run(Path where, int limitSeconds, List<String> cmd) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(where.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        String jdk = System.getProperty("java.home");
        pb.environment().put("JAVA_HOME", jdk);
        pb.environment().put("PATH", Path.of(jdk, "bin") + File.pathSeparator + System.getenv().getOrDefault("PATH", ""));
        long start = System.nanoTime();
        Process p = pb.start();
        if (!p.waitFor(limitSeconds, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor();
            fail(String.join(" ", cmd) + " did not end in " + limitSeconds + " s\n--- stdout\n"
                    + Files.readString(out) + "--- stderr\n" + Files.readString(err));
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        return new Outcome(String.join(" ", cmd), p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8), millis);
    }

    private static Path onPath(String command) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, command)) && !Files.isDirectory(Path.of(d, command))) {
                return Path.of(d, command);
            }
        }
        return null;
    }

    // ---------------------------------------------------------------- files and poms

    /** Copies a file or a tree, leaving out build output (target directories). */
    private static void copyTree(Path from, Path to) throws IOException {
        assertTrue(Files.exists(from), from + " exists");
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                Path rel = from.relativize(p);
                if (rel.toString().equals("target") || rel.startsWith("target")) {
                    continue;
                }
                Path dest = to.resolve(rel.toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(dest);
                } else {
                    Files.createDirectories(dest.getParent());
                    // Copies keep the executable bits (bin/pgas4j, mvnw) but get new times: the
                    // jar built after them is what bin/pgas4j finds up to date.
                    Files.copy(p, dest, StandardCopyOption.REPLACE_EXISTING);
                    if (Files.isExecutable(p)) {
                        dest.toFile().setExecutable(true);
                    }
                }
            }
        }
    }

    private static Set<String> entries(Path jar) throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            return new TreeSet<>(j.stream().map(e -> e.getName()).toList());
        }
    }

    /** The packages module-info.java exports, read from the source (the tests run on the class path). */
    private static List<String> exportedPackages() {
        try {
            String info = Files.readString(REPO.resolve("src/main/java/module-info.java"));
            List<String> exported = new ArrayList<>();
            Matcher m = Pattern.compile("(?m)^\\s*exports\\s+([\\w.]+)\\s*;").matcher(info);
            while (m.find()) {
                exported.add(m.group(1));
            }
            return exported;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Document pom(Path file) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(false);
        return f.newDocumentBuilder().parse(file.toFile());
    }

    /** The text of {@code parent}'s direct child {@code name}, or null. */
    private static String text(Element parent, String name) {
        NodeList children = parent.getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
            if (children.item(i) instanceof Element e && e.getTagName().equals(name)) {
                return e.getTextContent().trim();
            }
        }
        return null;
    }

    /** groupId:artifactId to version of the build's plugins. */
    private static Map<String, String> plugins(Document pom) {
        Map<String, String> plugins = new LinkedHashMap<>();
        NodeList list = pom.getElementsByTagName("plugin");
        for (int i = 0; i < list.getLength(); i++) {
            Element p = (Element) list.item(i);
            String group = text(p, "groupId");
            plugins.put((group == null ? "org.apache.maven.plugins" : group) + ":" + text(p, "artifactId"),
                    text(p, "version"));
        }
        return plugins;
    }

    /** The repository root: target/test-classes is two levels below it. */
    private static Path repositoryRoot() {
        try {
            Path classes = Path.of(ConsumerProjectTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return classes.getParent().getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
