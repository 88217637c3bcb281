package org.pgas4j.internal.kinds;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.pgas4j.ResourceException;
import org.pgas4j.bootstrap.ShmFiles;

/**
 * How same-host peers find a FILE segment's file: a symbolic link with a short job-scoped name in
 * the shared-memory directory (so a path of any length fits a directory descriptor, and the
 * launcher's sweep of the job's files removes the link, never the file), plus where in the file the
 * segment starts.
 */
public final class FileLink {
    private FileLink() {
    }

    /** A published link: the descriptor peers attach with, and the link's path (removed on release). */
    public record Published(byte[] descriptor, Path link) {
        /** Removes the link; the file stays. */
        public void unlink() {
            try {
                Files.deleteIfExists(link);
            } catch (IOException ignored) {
                // The launcher sweeps the job's files at its end.
            }
        }
    }

    /** Links {@code file} under a name of {@code jobId} and PE {@code rank}. */
    public static Published publish(String jobId, int rank, String tag, Path file, long fileOffset) {
        Path link = ShmFiles.file(jobId, rank, tag);
        try {
            Files.createSymbolicLink(link, file.toAbsolutePath());
        } catch (IOException e) {
            throw new ResourceException("cannot link FILE segment " + file + " for its peers at " + link + ": " + e, e);
        }
        byte[] name = link.getFileName().toString().getBytes(StandardCharsets.US_ASCII);
        byte[] d = ByteBuffer.allocate(8 + name.length).order(ByteOrder.LITTLE_ENDIAN).putLong(fileOffset).put(name)
                .array();
        return new Published(d, link);
    }

    /**
     * Maps the FILE segment a peer published, checking that the link is a file of this job.
     *
     * @throws ResourceException when the descriptor is not one, or the file cannot be mapped
     */
    public static MappedFile open(String jobId, byte[] descriptor, long size, int owner) {
        if (descriptor.length <= 8) {
            throw new ResourceException("PE " + owner + " published a malformed FILE segment descriptor");
        }
        long fileOffset = ByteBuffer.wrap(descriptor).order(ByteOrder.LITTLE_ENDIAN).getLong();
        String name = new String(descriptor, 8, descriptor.length - 8, StandardCharsets.US_ASCII);
        if (!name.startsWith(ShmFiles.jobPrefix(jobId)) || name.contains("/") || fileOffset < 0) {
            throw new ResourceException("PE " + owner + " published a FILE segment link outside this job: " + name);
        }
        return MappedFile.map(ShmFiles.directory().resolve(name), fileOffset, size, false, false);
    }
}
