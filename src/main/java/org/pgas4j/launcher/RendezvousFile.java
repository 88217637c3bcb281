package org.pgas4j.launcher;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Properties;

/**
 * How the tasks of a Slurm step find the rendezvous of task 0: a small file on a directory every
 * node shares, {@code <dir>/pgas4j-<jobid>.<stepid>.rendezvous}, holding the address, the job id
 * and the secret. It is created 0600 in a 0700 directory, renamed into place whole, and removed by
 * task 0 at the end. The directory is {@code $PGAS4J_RENDEZVOUS_DIR}, else
 * {@code $HOME/.pgas4j/rendezvous}.
 */
final class RendezvousFile {
    /** The variable naming the shared directory. */
    static final String DIR_VARIABLE = "PGAS4J_RENDEZVOUS_DIR";
    private static final long POLL_MILLIS = 100;

    /**
     * What task 0 publishes.
     *
     * @param rendezvous {@code host:port}
     * @param jobId the job id
     * @param secret the job secret
     */
    record Contents(String rendezvous, String jobId, String secret) {
    }

    private RendezvousFile() {
    }

    /** The shared directory from {@code env}. */
    static Path directory(Map<String, String> env) {
        String dir = env.get(DIR_VARIABLE);
        if (dir != null && !dir.isBlank()) {
            return Path.of(dir);
        }
        String home = env.get("HOME");
        if (home == null || home.isBlank()) {
            throw new UsageException("--slurm: neither " + DIR_VARIABLE + " nor HOME is set: name a directory all nodes share");
        }
        return Path.of(home, ".pgas4j", "rendezvous");
    }

    /** The file of step {@code stepName} in {@code dir}. */
    static Path of(Path dir, String stepName) {
        return dir.resolve("pgas4j-" + stepName + ".rendezvous");
    }

    /** Writes {@code contents} to {@code file}, readable by the owner only, atomically. */
    static void write(Path file, Contents contents) throws IOException {
        Path dir = file.getParent();
        try {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (FileAlreadyExistsException e) {
            throw new IOException(dir + " exists and is not a directory", e);
        }
        Path tmp = Files.createTempFile(dir, ".pgas4j-", ".tmp",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(tmp, text(contents), StandardCharsets.US_ASCII);
        try {
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** The text of a rendezvous file (also what task 0 hands the other tasks through PMIx). */
    static String text(Contents contents) {
        return "rendezvous=" + contents.rendezvous() + "\njob=" + contents.jobId() + "\nsecret=" + contents.secret() + "\n";
    }

    /**
     * Waits until {@code file} exists, then reads it.
     *
     * @throws IOException when it does not appear within {@code timeoutMillis} or is malformed
     */
    static Contents await(Path file, long timeoutMillis) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        while (true) {
            try {
                return parse(Files.readString(file, StandardCharsets.US_ASCII), file);
            } catch (NoSuchFileException e) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("task 0 did not publish its rendezvous in " + file + " within "
                            + timeoutMillis / 1000 + " s (is " + file.getParent() + " shared by every node? set "
                            + DIR_VARIABLE + ")");
                }
                Thread.sleep(POLL_MILLIS);
            }
        }
    }

    /** Parses the text of a rendezvous file. */
    static Contents parse(String text, Object file) throws IOException {
        Properties p = new Properties();
        p.load(new StringReader(text));
        String rendezvous = p.getProperty("rendezvous");
        String job = p.getProperty("job");
        String secret = p.getProperty("secret");
        if (rendezvous == null || job == null || !job.matches("[0-9a-f]{16}") || secret == null
                || !secret.matches("[0-9a-f]{32}")) {
            throw new IOException(file + " is not a pgas4j rendezvous file");
        }
        return new Contents(rendezvous, job, secret);
    }
}
