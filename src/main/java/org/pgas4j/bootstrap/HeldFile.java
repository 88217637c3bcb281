package org.pgas4j.bootstrap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.pgas4j.ResourceException;

/**
 * A file that its owner holds open so that same-host peers can open it without its name: through
 * {@code /proc/<pid>/fd/<fd>} of the owner, checked against the file's inode number and a hash of
 * the path the descriptor was opened with (which the kernel reports for it). A file
 * {@link #create created} this way in the shared-memory directory loses its name at once, so the
 * kernel frees it when the last process that has it open or mapped ends, however that process
 * ends: a PE killed with SIGKILL, with nobody left on its node to clean up, leaves nothing behind.
 *
 * <p>A peer needs the owner alive while it opens the file (afterwards its mapping is its own), the
 * same user (or {@code CAP_SYS_PTRACE}: the kernel's rule for another process's descriptors) and
 * the same process-id namespace. A reference stays valid until the owner {@link #close closes}
 * the file; the checks refuse a descriptor number that the owner has meanwhile reused for another file (a
 * file system may hand a freed inode number to the next file at once; the job-scoped names of
 * the runtime's files are never reused).
 */
public final class HeldFile implements AutoCloseable {
    /** Bytes of an encoded {@link Reference}. */
    public static final int REFERENCE_BYTES = 24;
    /** What the kernel appends to the path of an open file whose name is gone. */
    private static final String DELETED = " (deleted)";

    private static final Path PROC = Path.of("/proc");
    private static final int PID = (int) ProcessHandle.current().pid();
    /** Owner-only access (0600) for a created file. */
    private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

    /** The open file: its descriptor is what peers open, and this process maps it. */
    private final FileChannel channel;
    private final Reference reference;
    private final AtomicBoolean closed = new AtomicBoolean();

    private HeldFile(FileChannel channel, Reference reference) {
        this.channel = channel;
        this.reference = reference;
    }

    /**
     * How a peer finds a held file: the owner's process id, its descriptor number and the file's
     * inode number, and a hash of the path it was opened with. Encoded little-endian in
     * {@link #REFERENCE_BYTES} bytes: pid (int), fd (int), inode (long), path hash (long).
     *
     * @param pid the owner's process id
     * @param fd the owner's descriptor of the file
     * @param inode the file's inode number
     * @param pathHash the first 8 bytes of the SHA-256 of the path the owner opened
     */
    public record Reference(int pid, int fd, long inode, long pathHash) {
        /** Writes the reference at the buffer's position (which must be little-endian). */
        public ByteBuffer writeTo(ByteBuffer b) {
            return b.putInt(pid).putInt(fd).putLong(inode).putLong(pathHash);
        }

        /** The reference as {@link #REFERENCE_BYTES} bytes. */
        public byte[] encode() {
            return writeTo(ByteBuffer.allocate(REFERENCE_BYTES).order(ByteOrder.LITTLE_ENDIAN)).array();
        }

        /** Reads a reference at the buffer's position (which must be little-endian). */
        public static Reference readFrom(ByteBuffer b) {
            return new Reference(b.getInt(), b.getInt(), b.getLong(), b.getLong());
        }
    }

    /**
     * Creates {@code path} (which must not exist) with mode 0600 and a length of {@code bytes}
     * (sparse), holds it open and removes its name.
     *
     * @throws ResourceException naming the file when it cannot be created
     */
    public static HeldFile create(Path path, long bytes) {
        FileChannel ch = null;
        try {
            ch = FileChannel.open(path, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                    StandardOpenOption.WRITE), OWNER_ONLY);
            ch.write(ByteBuffer.wrap(new byte[1]), bytes - 1); // sets the length; tmpfs keeps it sparse
            HeldFile held = held(ch, path);
            Files.delete(path); // from here the file lives exactly as long as it is open or mapped somewhere
            return held;
        } catch (IOException | RuntimeException e) {
            if (ch != null) {
                closeQuietly(ch);
                try {
                    Files.deleteIfExists(path);
                } catch (IOException ignored) {
                    // Best effort: a launcher sweeps the job's files at its end.
                }
            }
            throw new ResourceException("cannot create shared file " + path + " of " + bytes + " bytes: " + e, e);
        }
    }

    /**
     * Holds an existing file (a FILE segment's, which keeps its name) open for reading and writing.
     *
     * @throws ResourceException naming the file when it cannot be opened
     */
    public static HeldFile hold(Path path) {
        FileChannel ch = null;
        try {
            ch = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
            return held(ch, path);
        } catch (IOException | RuntimeException e) {
            closeQuietly(ch);
            throw new ResourceException("cannot open " + path + " for its peers: " + e, e);
        }
    }

    private static HeldFile held(FileChannel ch, Path path) throws IOException {
        int fd = OwnDescriptor.of(ch, path);
        return new HeldFile(ch, new Reference(PID, fd, inode(self(fd)), pathHash(self(fd))));
    }

    private static Path self(int fd) {
        return PROC.resolve("self").resolve("fd").resolve(Integer.toString(fd));
    }

    /** The hash of the path that descriptor {@code link} ({@code /proc/PID/fd/N}) was opened with, named or not. */
    private static long pathHash(Path link) throws IOException {
        String path = Files.readSymbolicLink(link).toString();
        if (path.endsWith(DELETED)) {
            path = path.substring(0, path.length() - DELETED.length());
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(path.getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.wrap(digest).getLong();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e); // every JDK has SHA-256
        }
    }

    private static long inode(Path p) throws IOException {
        return (Long) Files.getAttribute(p, "unix:ino");
    }

    /**
     * Opens, for reading and writing, the file a same-host peer holds.
     *
     * @param reference what the peer published
     * @param owner the peer's rank, for messages
     * @throws ResourceException when the peer is gone, its descriptor is not that file any more,
     *     or this process may not open it
     */
    public static FileChannel open(Reference reference, int owner) {
        Path link = PROC.resolve(Integer.toString(reference.pid())).resolve("fd").resolve(Integer.toString(reference.fd()));
        FileChannel ch = null;
        try {
            checkIdentity(link, reference, owner);
            ch = FileChannel.open(link, StandardOpenOption.READ, StandardOpenOption.WRITE);
            checkIdentity(link, reference, owner); // the descriptor was not closed and reused while we opened it
            return ch;
        } catch (NoSuchFileException e) {
            closeQuietly(ch);
            throw new ResourceException("cannot open the shared file of PE " + owner + " through " + link
                    + ": the PE (pid " + reference.pid() + ") has ended or released the file", e);
        } catch (ResourceException e) {
            closeQuietly(ch);
            throw e;
        } catch (IOException | RuntimeException e) {
            closeQuietly(ch);
            throw new ResourceException("cannot open the shared file of PE " + owner + " through " + link + ": " + e
                    + " (PEs of one host must run as one user in one process-id namespace)", e);
        }
    }

    private static void checkIdentity(Path link, Reference reference, int owner) throws IOException {
        long inode = inode(link);
        if (inode != reference.inode() || pathHash(link) != reference.pathHash()) {
            throw new ResourceException("descriptor " + reference.fd() + " of PE " + owner + " (pid " + reference.pid()
                    + ") is " + Files.readSymbolicLink(link) + " (inode " + inode + "), not the file it published (inode "
                    + reference.inode() + "): the PE has released the file");
        }
    }

    private static void closeQuietly(FileChannel ch) {
        if (ch != null) {
            try {
                ch.close();
            } catch (IOException ignored) {
                // nothing was written through it
            }
        }
    }

    /** The open file (this process's own use: mapping it). */
    public FileChannel channel() {
        return channel;
    }

    /** What peers open the file with. */
    public Reference reference() {
        return reference;
    }

    /** Closes the owner's descriptors: peers can no longer open the file (mappings stay). Idempotent. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            closeQuietly(channel);
        }
    }
}
