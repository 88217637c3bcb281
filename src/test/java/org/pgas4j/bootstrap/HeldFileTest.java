package org.pgas4j.bootstrap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pgas4j.ResourceException;

/**
 * Files held open without a name ({@link HeldFile}): a peer process opens one through the owner's
 * descriptor and shares its bytes; once the owner is gone (killed with SIGKILL) nothing of it is
 * left in the directory and the reference no longer opens; a reused descriptor number is refused.
 */
@Timeout(60)
class HeldFileTest {
    @TempDir
    Path dir;

    @Test
    void aPeerProcessOpensTheNamelessFileAndTheOwnersDeathLeavesNothing() throws Exception {
        Path path = dir.resolve("pgas4j-test-0-s1");
        String javaCommand = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = Path.of(HeldFile.class.getProtectionDomain().getCodeSource().getLocation().toURI()) + File.pathSeparator
                + Path.of(HeldFileOwner.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Process owner = new ProcessBuilder(javaCommand, "--enable-native-access=ALL-UNNAMED", "-cp", cp,
                HeldFileOwner.class.getName(), path.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            String line = new BufferedReader(new InputStreamReader(owner.getInputStream(), StandardCharsets.US_ASCII))
                    .readLine();
            String[] f = line.split(" ");
            HeldFile.Reference ref = new HeldFile.Reference(Integer.parseInt(f[0]), Integer.parseInt(f[1]),
                    Long.parseLong(f[2]), Long.parseLong(f[3]));
            assertEquals(owner.pid(), ref.pid());
            assertTrue(Files.notExists(path), "the name is gone once the file is held");
            try (Arena arena = Arena.ofConfined(); FileChannel ch = HeldFile.open(ref, 3)) {
                MemorySegment m = ch.map(FileChannel.MapMode.READ_WRITE, 0, 4096, arena);
                assertEquals(42L, m.get(ValueLayout.JAVA_LONG, 0), "the owner's bytes");
                assertEquals(4096, ch.size());
            }
            owner.destroyForcibly();
            assertTrue(owner.waitFor(10, TimeUnit.SECONDS));
            ResourceException e = assertThrows(ResourceException.class, () -> HeldFile.open(ref, 3));
            assertTrue(e.getMessage().contains("PE 3 through /proc/" + ref.pid() + "/fd/" + ref.fd() + ": the PE (pid "
                    + ref.pid() + ") has ended or released the file"),
                    e.getMessage());
            try (var files = Files.list(dir)) {
                assertEquals(0, files.count(), "nothing left behind");
            }
        } finally {
            owner.destroyForcibly();
        }
    }

    @Test
    void aFileOpenedInThisProcessSharesItsBytesAndTheReferenceRoundTrips() throws Exception {
        try (HeldFile held = HeldFile.create(dir.resolve("a"), 1); Arena arena = Arena.ofConfined()) {
            assertTrue(Files.notExists(dir.resolve("a")));
            assertEquals(1, held.channel().size(), "one byte, the smallest file");
            HeldFile.Reference r = held.reference();
            byte[] encoded = r.encode();
            assertEquals(HeldFile.REFERENCE_BYTES, encoded.length);
            assertEquals(r, HeldFile.Reference.readFrom(ByteBuffer.wrap(encoded).order(ByteOrder.LITTLE_ENDIAN)));
            MemorySegment mine = held.channel().map(FileChannel.MapMode.READ_WRITE, 0, 1, arena);
            try (FileChannel peer = HeldFile.open(r, 0)) {
                MemorySegment theirs = peer.map(FileChannel.MapMode.READ_WRITE, 0, 1, arena);
                mine.set(ValueLayout.JAVA_BYTE, 0, (byte) 7);
                assertEquals(7, theirs.get(ValueLayout.JAVA_BYTE, 0));
            }
        }
    }

    @Test
    void aHeldNamedFileKeepsItsNameAndItsBytes() throws Exception {
        Path user = Files.write(dir.resolve("data"), new byte[] {1, 2, 3});
        try (HeldFile held = HeldFile.hold(user); FileChannel peer = HeldFile.open(held.reference(), 1)) {
            ByteBuffer b = ByteBuffer.allocate(3);
            peer.read(b, 0);
            assertArrayEquals(new byte[] {1, 2, 3}, b.array());
        }
        assertTrue(Files.exists(user), "a user's file stays");
    }

    @Test
    void aClosedFileNoLongerOpensAndAReusedDescriptorIsRefused() throws Exception {
        HeldFile first = HeldFile.create(dir.resolve("first"), 4096);
        HeldFile.Reference old = first.reference();
        first.close();
        first.close(); // idempotent
        assertThrows(ResourceException.class, () -> HeldFile.open(old, 2));
        try (HeldFile second = HeldFile.create(dir.resolve("second"), 4096)) {
            // The same descriptor number, maybe even the same inode number (file systems reuse freed
            // ones): the path tells the files apart.
            HeldFile.Reference now = second.reference();
            assertNotEquals(old.pathHash(), now.pathHash());
            HeldFile.Reference reused = new HeldFile.Reference(old.pid(), now.fd(), now.inode(), old.pathHash());
            ResourceException e = assertThrows(ResourceException.class, () -> HeldFile.open(reused, 2));
            assertTrue(e.getMessage().contains("descriptor " + now.fd() + " of PE 2 (pid " + old.pid() + ") is "
                    + dir.toRealPath()), e.getMessage());
            assertTrue(e.getMessage().endsWith("not the file it published (inode " + now.inode()
                    + "): the PE has released the file"), e.getMessage());
            HeldFile.Reference otherInode = new HeldFile.Reference(now.pid(), now.fd(), now.inode() + 1, now.pathHash());
            assertThrows(ResourceException.class, () -> HeldFile.open(otherInode, 2));
            try (FileChannel ch = HeldFile.open(now, 2)) {
                assertEquals(4096, ch.size(), "the right reference opens");
            }
        }
    }

    @Test
    void holdingAFileThisProcessAlsoHasOpenPublishesTheHeldDescriptor() throws Exception {
        Path user = Files.write(dir.resolve("shared"), new byte[] {1, 2, 3, 4});
        // The program's own descriptors of the same file, one at offset 0 (where the held one ends up too).
        try (FileChannel atStart = FileChannel.open(user, StandardOpenOption.READ);
             FileChannel moved = FileChannel.open(user, StandardOpenOption.READ)) {
            moved.position(2);
            HeldFile held = HeldFile.hold(user);
            int fd = held.reference().fd();
            Path link = Path.of("/proc/self/fd/" + fd);
            assertTrue(Files.exists(link));
            assertEquals(0, held.channel().position(), "the held channel is left at offset 0");
            assertEquals(0, atStart.position());
            assertEquals(2, moved.position(), "the program's descriptors are not moved");
            held.close();
            assertTrue(Files.notExists(link), "descriptor " + fd + " was the held channel's: closing it released it");
            assertTrue(atStart.isOpen() && moved.isOpen());
            assertEquals(4, atStart.size());
        }
    }

    @Test
    void manyFilesHeldAtOnceEachPublishItsOwnDescriptor() throws Exception {
        List<HeldFile> files = new ArrayList<>();
        try {
            Set<Integer> descriptors = new HashSet<>();
            for (int i = 0; i < 40; i++) {
                HeldFile f = HeldFile.create(dir.resolve("f" + i), 4096 + i);
                files.add(f);
                assertTrue(descriptors.add(f.reference().fd()), "descriptor " + f.reference().fd() + " published twice");
                try (FileChannel peer = HeldFile.open(f.reference(), i)) {
                    assertEquals(4096 + i, peer.size(), "file " + i + " through its reference");
                }
            }
            Path created = Path.of("/proc/self/fd/" + files.get(0).reference().fd());
            assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE),
                    Files.getPosixFilePermissions(created), "created for its owner only (0600)");
        } finally {
            files.forEach(HeldFile::close);
        }
    }

    @Test
    void creatingAnExistingFileOrHoldingAMissingOneIsNamed() throws Exception {
        Path taken = Files.createFile(dir.resolve("taken"));
        ResourceException e = assertThrows(ResourceException.class, () -> HeldFile.create(taken, 4096));
        assertTrue(e.getMessage().contains("cannot create shared file " + taken), e.getMessage());
        assertTrue(Files.exists(taken), "someone else's file is left alone");
        Path missing = dir.resolve("missing");
        e = assertThrows(ResourceException.class, () -> HeldFile.hold(missing));
        assertTrue(e.getMessage().contains("cannot open " + missing), e.getMessage());
        e = assertThrows(ResourceException.class, () -> HeldFile.create(dir.resolve("no-such-dir/f"), 4096));
        assertTrue(e.getMessage().contains("no-such-dir/f"), e.getMessage());
    }
}
