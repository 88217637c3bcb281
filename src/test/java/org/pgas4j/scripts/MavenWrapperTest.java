package org.pgas4j.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * ./mvnw on a stand-in Maven archive served from a file: URL (curl reads those), so that nothing
 * leaves this host: fetched once, checked against the pinned SHA-256, kept, run with the arguments.
 */
@Timeout(60)
class MavenWrapperTest {
    private static final String CENTRAL = "https://repo.maven.apache.org/maven2";

    @TempDir
    Path dir;
    private Path project;
    private Path home;
    private Path archive;
    private String sha256;

    @BeforeEach
    void aProjectAndAStandInMaven() throws Exception {
        project = Files.createDirectories(dir.resolve("project/.mvn/wrapper")).getParent().getParent();
        Files.copy(Scripts.REPO.resolve("mvnw"), project.resolve("mvnw"));
        home = dir.resolve("user-home");
        Path bin = Files.createDirectories(dir.resolve("dist/apache-maven-9.9.9/bin"));
        Path mvn = bin.resolve("mvn");
        Files.writeString(mvn, "#!/bin/sh\necho \"stand-in maven: $*\"\n");
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path served = Files.createDirectories(dir.resolve("served/org/apache/maven/apache-maven/9.9.9"));
        archive = served.resolve("apache-maven-9.9.9-bin.tar.gz");
        Scripts.Outcome tar = Scripts.run(dir, Map.of(), "tar", "-czf", archive.toString(), "-C", dir.resolve("dist").toString(),
                "apache-maven-9.9.9");
        assertEquals(0, tar.status(), tar.toString());
        sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(archive)));
    }

    @Test
    void fetchesOnceChecksTheSumAndRunsMavenWithTheArguments() throws Exception {
        pin("file://" + archive, sha256);
        Scripts.Outcome first = wrapper(Map.of(), "-q", "package");
        assertEquals(0, first.status(), first.toString());
        assertEquals("stand-in maven: -q package\n", first.out());
        assertTrue(first.err().contains("mvnw: fetching apache-maven-9.9.9 from file://" + archive), first.err());
        Path kept = home.resolve("wrapper/dists/apache-maven-9.9.9/" + sha256.substring(0, 16));
        assertTrue(Files.isExecutable(kept.resolve("bin/mvn")), kept.toString());
        try (Stream<Path> left = Files.list(kept.getParent())) {
            assertFalse(left.anyMatch(p -> p.getFileName().toString().startsWith(".fetch")), "a fetch directory was left");
        }

        Files.delete(archive);
        Scripts.Outcome second = wrapper(Map.of(), "-v");
        assertEquals(0, second.status(), second.toString());
        assertEquals("stand-in maven: -v\n", second.out());
        assertEquals("", second.err(), "the kept Maven is used without fetching");
    }

    @Test
    void anArchiveWithAnotherSumIsNotUnpackedNorRun() throws Exception {
        String wrong = "0".repeat(64);
        pin("file://" + archive, wrong);
        Scripts.Outcome r = wrapper(Map.of(), "-v");
        assertEquals(1, r.status(), r.toString());
        assertEquals("", r.out());
        assertTrue(r.err().contains("mvnw: file://" + archive + " has SHA-256 " + sha256 + ", not the " + wrong), r.err());
        assertFalse(Files.exists(home.resolve("wrapper/dists/apache-maven-9.9.9/" + wrong.substring(0, 16))));
    }

    @Test
    void anArchiveThatCannotBeFetchedIsNamed() throws Exception {
        pin("file://" + dir.resolve("nowhere/apache-maven-9.9.9-bin.tar.gz"), sha256);
        Scripts.Outcome r = wrapper(Map.of(), "-v");
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.err().contains("mvnw: could not fetch file://" + dir.resolve("nowhere")), r.err());
    }

    @Test
    void withoutAPinnedSumNothingIsFetched() throws Exception {
        Files.writeString(properties(), "distributionUrl=file://" + archive + "\n");
        Scripts.Outcome r = wrapper(Map.of(), "-v");
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.err().contains("names no distributionSha256Sum: an unchecked Maven is not run"), r.err());
        assertFalse(Files.exists(home.resolve("wrapper/dists/apache-maven-9.9.9")));
    }

    @Test
    void aMirrorReplacesMavenCentralInTheAddress() throws Exception {
        pin(CENTRAL + "/org/apache/maven/apache-maven/9.9.9/apache-maven-9.9.9-bin.tar.gz", sha256);
        Scripts.Outcome r = wrapper(Map.of("MVNW_REPOURL", "file://" + dir.resolve("served") + "/"), "clean");
        assertEquals(0, r.status(), r.toString());
        assertEquals("stand-in maven: clean\n", r.out());
        assertTrue(r.err().contains("from file://" + archive), r.err());
    }

    @Test
    void theProjectPinsAMavenByItsSum() throws Exception {
        List<String> lines = Files.readAllLines(Scripts.REPO.resolve(".mvn/wrapper/maven-wrapper.properties"));
        assertTrue(lines.stream().anyMatch(l -> l.matches("distributionUrl=" + CENTRAL
                + "/org/apache/maven/apache-maven/3\\.9\\.\\d+/apache-maven-3\\.9\\.\\d+-bin\\.tar\\.gz")), lines::toString);
        assertTrue(lines.stream().anyMatch(l -> l.matches("distributionSha256Sum=[0-9a-f]{64}")), lines::toString);
    }

    private void pin(String url, String sum) throws Exception {
        Files.writeString(properties(), "# a comment\ndistributionUrl=" + url + "\ndistributionSha256Sum=" + sum + "\n");
    }

    private Path properties() {
        return project.resolve(".mvn/wrapper/maven-wrapper.properties");
    }

    private Scripts.Outcome wrapper(Map<String, String> env, String... args) throws Exception {
        Map<String, String> all = new java.util.HashMap<>(env);
        all.put("MAVEN_USER_HOME", home.toString());
        List<String> cmd = new java.util.ArrayList<>(List.of(project.resolve("mvnw").toString()));
        cmd.addAll(List.of(args));
        return Scripts.run(project, all, cmd.toArray(String[]::new));
    }
}
