package org.pgas4j.scripts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.pgas4j.launcher.Launcher;

/** Runs the project's shell scripts from a test. */
final class Scripts {
    /** The repository root: target/classes is two levels below it. */
    static final Path REPO = codeSource().getParent().getParent();

    private Scripts() {
    }

    /**
     * What a script did.
     *
     * @param status its exit status
     * @param out its standard output
     * @param err its standard error
     */
    record Outcome(int status, String out, String err) {
        @Override
        public String toString() {
            return "status " + status + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    /** Runs {@code cmd} in {@code dir} with {@code env} added to this JVM's environment, 50 s at most. */
    static Outcome run(Path dir, Map<String, String> env, String... cmd) throws IOException, InterruptedException {
        Path out = Files.createTempFile("script", ".out");
        Path err = Files.createTempFile("script", ".err");
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(out.toFile())
                    .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            pb.environment().putAll(env);
            Process p = pb.start();
            if (!p.waitFor(50, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                throw new AssertionError(String.join(" ", cmd) + " did not end in 50 s");
            }
            return new Outcome(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static Path codeSource() {
        try {
            return Path.of(Launcher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
