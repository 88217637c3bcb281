package org.pgas4j.bootstrap;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * The other process of {@link HeldFileTest}: creates a held file of 4096 bytes at {@code args[0]},
 * writes 42 into its first long through its mapping, prints {@code pid fd inode pathHash} and waits for its
 * standard input to close (or to be killed).
 */
public final class HeldFileOwner {
    private HeldFileOwner() {
    }

    /** @param args the path to create */
    public static void main(String[] args) throws Exception {
        HeldFile f = HeldFile.create(Path.of(args[0]), 4096);
        MemorySegment m = f.channel().map(FileChannel.MapMode.READ_WRITE, 0, 4096, Arena.global());
        m.set(ValueLayout.JAVA_LONG, 0, 42L);
        HeldFile.Reference r = f.reference();
        System.out.println(r.pid() + " " + r.fd() + " " + r.inode() + " " + r.pathHash());
        System.out.flush();
        System.in.read();
        f.close();
    }
}
