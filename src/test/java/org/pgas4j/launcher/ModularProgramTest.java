package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A modular program, compiled here against pgas4j's module, run by the launcher with {@code -p}
 * and {@code -m} as a real multi-PE job: each PE puts into its right neighbour's segment through
 * the public API, passes a barrier and prints what it verified and which modules it runs in.
 */
class ModularProgramTest {
    private static final String RING = "demo.ring";
    private static final String RING_MAIN = "demo.ring.Main";

    /** Compiled modules: {@code classes/demo.ring}, {@code classes/demo.helper}, {@code classes/demo.needy}. */
    @TempDir
    static Path modules;
    private static Path classes;
    private static Path ringJar;

    @TempDir
    Path dir;

    @BeforeAll
    static void compileTheModules() throws IOException {
        Path src = modules.resolve("src");
        write(src.resolve("demo.ring/module-info.java"), "module demo.ring {\n    requires org.pgas4j;\n}\n");
        write(src.resolve("demo.ring/demo/ring/Main.java"), """
                package demo.ring;

                import org.pgas4j.Client;
                import org.pgas4j.Rma;
                import org.pgas4j.Team;

                public final class Main {
                    public static void main(String[] args) {
                        try (Client client = Client.init()) {
                            Team world = client.world();
                            Rma rma = client.rma();
                            int me = world.rank();
                            int n = world.size();
                            rma.putLong(world, (me + 1) % n, 0, 7000L + me);
                            world.barrier();
                            int left = (me + n - 1) % n;
                            long got = rma.getLong(world, me, 0);
                            if (got != 7000L + left) {
                                System.err.println("PE " + me + ": expected " + (7000L + left) + ", found " + got);
                                System.exit(3);
                            }
                            world.barrier();
                            System.out.println("PE " + me + " of " + n + " in module " + Main.class.getModule().getName()
                                    + " with " + Client.class.getModule().getName() + " over " + client.transportName()
                                    + ": received " + got + " from PE " + left + ", verified; greeting="
                                    + System.getProperty("demo.greeting"));
                        }
                    }
                }
                """);
        write(src.resolve("demo.helper/module-info.java"), "module demo.helper {\n    exports demo.helper;\n}\n");
        write(src.resolve("demo.helper/demo/helper/Helper.java"),
                "package demo.helper;\n\npublic final class Helper {\n    public static String name() {\n"
                        + "        return \"helper\";\n    }\n}\n");
        write(src.resolve("demo.needy/module-info.java"), "module demo.needy {\n    requires demo.helper;\n}\n");
        write(src.resolve("demo.needy/demo/needy/Main.java"),
                "package demo.needy;\n\npublic final class Main {\n    public static void main(String[] args) {\n"
                        + "        System.out.println(demo.helper.Helper.name());\n    }\n}\n");
        classes = modules.resolve("classes");
        ToolProvider javac = ToolProvider.findFirst("javac").orElse(null);
        assumeTrue(javac != null, "no javac in this JDK");
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(diagnostics, true, StandardCharsets.UTF_8);
        int status = javac.run(out, out, "-d", classes.toString(), "--module-source-path",
                src.toString(), "--module-path", LauncherProcess.MAIN_CLASSES.toString(),
                "-m", "demo.ring,demo.helper,demo.needy");
        assertEquals(0, status, () -> diagnostics.toString(StandardCharsets.UTF_8));
        ringJar = modules.resolve("demo-ring.jar");
        ToolProvider jar = ToolProvider.findFirst("jar").orElseThrow();
        status = jar.run(out, out, "--create", "--file", ringJar.toString(), "--main-class", RING_MAIN,
                "-C", classes.resolve(RING).toString(), ".");
        assertEquals(0, status, () -> diagnostics.toString(StandardCharsets.UTF_8));
    }

    @ParameterizedTest(name = "-np {0}")
    @ValueSource(ints = {2, 3})
    @Timeout(60)
    void theModuleRunsAsEveryPeOverSharedMemory(int np) throws Exception {
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", Integer.toString(np),
                "-Ddemo.greeting=hi", "-p", classes.resolve(RING).toString(), "-m", RING + "/" + RING_MAIN);
        assertVerified(r, np, "shm", "hi");
    }

    @Test
    @Timeout(60)
    void aModularJarsDescriptorNamesTheMainClass() throws Exception {
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", "2", "--module-path", ringJar.toString(),
                "--module", RING);
        assertVerified(r, 2, "shm", "null");
    }

    @Test
    @Timeout(60)
    void theLocalTransportRunsTheModuleAsThreadsOfOneJvm() throws Exception {
        assumeTrue(Files.exists(LauncherProcess.MAIN_CLASSES.resolve(
                PeCommand.LOCAL_JOB_MAIN.replace('.', '/') + ".class")), "LocalJobMain is not built");
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", "2", "--transport", "local",
                "-p", classes.resolve(RING).toString(), "-m", RING + "/" + RING_MAIN);
        assertVerified(r, 2, "local", "null");
    }

    @Test
    @Timeout(60)
    void pgas4jsOwnModuleMayBeTheProgramAndBeOnTheModulePathToo() throws Exception {
        // -m org.pgas4j/...: the module named on -m is the one the launcher adds; no duplicate.
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", "2", "-p",
                LauncherProcess.MAIN_CLASSES.toString(), "-m", "org.pgas4j/org.pgas4j.examples.RingDemo");
        assertEquals(0, r.status(), r::toString);
        for (int pe = 0; pe < 2; pe++) {
            assertTrue(r.out().contains("PE " + pe + " of 2 (shm): received"), r::toString);
        }
    }

    static Stream<Arguments> badModules() {
        String ring = "classes/" + RING;
        return Stream.of(
                Arguments.of(List.of("-p", ring, "-m", "demo.absent"),
                        "module demo.absent not found on the module path"),
                Arguments.of(List.of("-p", ring, "-m", RING + "/demo.ring.Absent"),
                        "main class demo.ring.Absent not found in module demo.ring"),
                Arguments.of(List.of("-p", ring, "-m", RING + "/demo.other.Main"),
                        "main class demo.other.Main not found in module demo.ring"),
                Arguments.of(List.of("-p", ring, "-m", RING),
                        "module demo.ring names no main class in its descriptor: give -m demo.ring/MAIN_CLASS"),
                Arguments.of(List.of("-p", "classes/demo.needy", "-m", "demo.needy/demo.needy.Main"),
                        "module demo.needy cannot be resolved on the module path"),
                Arguments.of(List.of("-p", ring, "RingMain"), "-p needs -m MODULE[/MAIN_CLASS]"),
                Arguments.of(List.of("-m", RING + "/" + RING_MAIN), "-m demo.ring/demo.ring.Main needs -p MODULE_PATH"),
                Arguments.of(List.of("-p", ring, "-m"), "option -m needs a value"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("badModules")
    @Timeout(20)
    void aBadModuleGetsOneLineAndStatusTwo(List<String> args, String expected) throws Exception {
        List<String> all = new ArrayList<>(List.of("run", "-np", "2"));
        for (String a : args) {
            all.add(a.startsWith("classes/") ? modules.resolve(a).toString() : a);
        }
        LauncherProcess.Result r = LauncherProcess.run(dir, all.toArray(String[]::new));
        assertEquals(UsageException.EXIT_STATUS, r.status(), r::toString);
        assertEquals(1, r.errLines().size(), r::toString);
        assertTrue(r.err().startsWith("pgas4j: ") && r.err().contains(expected), r::toString);
        assertEquals("", r.out(), r::toString);
    }

    /** Every PE verified its neighbour's put, in the named module, and nothing went to stderr. */
    private static void assertVerified(LauncherProcess.Result r, int np, String transport, String greeting) {
        assertEquals(0, r.status(), r::toString);
        assertEquals(np, r.outLines().size(), r::toString);
        for (int rank = 0; rank < np; rank++) {
            int left = (rank + np - 1) % np;
            assertTrue(r.outLines().contains("PE " + rank + " of " + np + " in module demo.ring with org.pgas4j over "
                    + transport + ": received " + (7000 + left) + " from PE " + left + ", verified; greeting="
                    + greeting), r::toString);
        }
        assertEquals("", r.err(), "no warnings (native access is enabled for org.pgas4j): " + r);
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
