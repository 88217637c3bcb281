package org.pgas4j.junit;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The channel through which the PE processes of a {@link PgasTest.Transport#SHM} job report back:
 * one file per PE ({@code pe-RANK}) in a directory private to the job, rewritten (atomically, by a
 * rename) at each phase, holding the phase and, at the end, the failure as a serialised
 * {@link Throwable} (a {@link PortableThrowable} stand-in when the original cannot be serialised).
 * Files survive the process, so a PE that was killed is still known by its last phase.
 */
final class PeStatusFiles implements PeProgress {
    private static final ObjectInputFilter LIMITS = ObjectInputFilter.Config.createFilter("maxdepth=200;maxbytes=67108864");

    private final Path dir;
    private Phase active = Phase.STARTING;

    PeStatusFiles(Path dir) {
        this.dir = dir;
    }

    /**
     * What one PE last reported.
     *
     * @param rank the PE
     * @param phase its last phase
     * @param where the last phase it was in before it ended
     * @param failure what it threw, or null
     */
    record Status(int rank, Phase phase, Phase where, Throwable failure) implements Serializable {
    }

    @Override
    public void entered(int rank, Phase phase) {
        if (!phase.ended()) {
            active = phase;
        }
        write(new Status(rank, phase, active, null));
    }

    /** PE {@code rank} failed with {@code failure}: its last report. */
    void failed(int rank, Throwable failure) {
        Status s = new Status(rank, Phase.FAILED, active, failure);
        byte[] bytes;
        try {
            bytes = serialise(s);
        } catch (IOException | RuntimeException notSerialisable) {
            bytes = serialiseUnchecked(new Status(rank, Phase.FAILED, active, PortableThrowable.of(failure)));
        }
        store(rank, bytes);
    }

    /**
     * What PE {@code rank} last reported, with classes from {@code loader}; null when it never did.
     *
     * @throws UncheckedIOException when the file cannot be read back
     */
    Status read(int rank, ClassLoader loader) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file(rank));
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (ObjectInputStream in = new LoaderInput(new ByteArrayInputStream(bytes), loader)) {
            in.setObjectInputFilter(LIMITS);
            return (Status) in.readObject();
        } catch (IOException | ClassNotFoundException | ClassCastException e) {
            throw new UncheckedIOException(new IOException("the report of PE " + rank + " cannot be read: " + e, e));
        }
    }

    private void write(Status s) {
        store(s.rank(), serialiseUnchecked(s));
    }

    private void store(int rank, byte[] bytes) {
        try {
            Path tmp = dir.resolve("pe-" + rank + ".tmp");
            Files.write(tmp, bytes);
            Files.move(tmp, file(rank), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path file(int rank) {
        return dir.resolve("pe-" + rank);
    }

    private static byte[] serialise(Status s) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(b)) {
            out.writeObject(s);
        }
        return b.toByteArray();
    }

    private static byte[] serialiseUnchecked(Status s) {
        try {
            return serialise(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Resolves classes through the test's class loader. */
    private static final class LoaderInput extends ObjectInputStream {
        private final ClassLoader loader;

        LoaderInput(InputStream in, ClassLoader loader) throws IOException {
            super(in);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            try {
                return Class.forName(desc.getName(), false, loader);
            } catch (ClassNotFoundException e) {
                return super.resolveClass(desc);
            }
        }
    }
}
