package org.pgas4j.internal.kinds;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import org.pgas4j.ResourceException;
import org.pgas4j.bootstrap.HeldFile;

/**
 * How same-host peers find a FILE segment's file: the owner holds the file open
 * ({@link HeldFile}) and publishes where, plus where in the file the segment starts. Nothing is
 * put in the shared-memory directory, so nothing there can outlive the job; the file itself is
 * the user's and stays.
 */
public final class FileLink {
    /** Bytes of a descriptor: the file offset (long), then the {@link HeldFile.Reference}. */
    private static final int DESCRIPTOR_BYTES = 8 + HeldFile.REFERENCE_BYTES;

    private FileLink() {
    }

    /** A published file: the descriptor peers attach with, and the descriptor held open for them. */
    public record Published(byte[] descriptor, HeldFile held) {
        /** Closes the descriptor held for peers (mappings stay; the file stays). Idempotent. */
        public void unlink() {
            held.close();
        }
    }

    /**
     * Holds {@code file} open for same-host peers, who will map it from {@code fileOffset}.
     *
     * @throws ResourceException naming the file when it cannot be opened
     */
    public static Published publish(Path file, long fileOffset) {
        HeldFile held = HeldFile.hold(file);
        byte[] d = held.reference().writeTo(ByteBuffer.allocate(DESCRIPTOR_BYTES).order(ByteOrder.LITTLE_ENDIAN)
                .putLong(fileOffset)).array();
        return new Published(d, held);
    }

    /**
     * Maps the FILE segment that PE {@code owner} published.
     *
     * @throws ResourceException when the descriptor is not one, or the file cannot be mapped
     */
    public static MappedFile open(byte[] descriptor, long size, int owner) {
        if (descriptor.length != DESCRIPTOR_BYTES) {
            throw new ResourceException("PE " + owner + " published a malformed FILE segment descriptor ("
                    + descriptor.length + " bytes, not " + DESCRIPTOR_BYTES + ")");
        }
        ByteBuffer d = ByteBuffer.wrap(descriptor).order(ByteOrder.LITTLE_ENDIAN);
        long fileOffset = d.getLong();
        if (fileOffset < 0) {
            throw new ResourceException("PE " + owner + " published a FILE segment at offset " + fileOffset);
        }
        return MappedFile.openHeld(HeldFile.Reference.readFrom(d), owner, fileOffset, size);
    }
}
