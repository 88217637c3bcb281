package org.pgas4j.launcher.testpes;

import java.io.IOException;
import java.nio.file.Files;
import org.pgas4j.bootstrap.SocketBootstrap;
import org.pgas4j.bootstrap.ShmFiles;

/**
 * Joins, creates a shared file, barriers and prints {@code joined PE <rank> pid <pid> job <jobId>};
 * then PE {@code args[0]} (every PE when it is {@code all}) sleeps for ever while the others close
 * and exit 0.
 */
public final class SleepPe {
    private SleepPe() {
    }

    /** @param args the sleeping rank, or {@code all} */
    public static void main(String[] args) throws InterruptedException, IOException {
        SocketBootstrap b = SocketBootstrap.fromEnvironment(System.getenv());
        Files.writeString(ShmFiles.file(b.jobId(), b.rank(), "sleep"), "PE " + b.rank());
        b.barrier();
        System.out.println("joined PE " + b.rank() + " pid " + ProcessHandle.current().pid() + " job " + b.jobId());
        if (args[0].equals("all") || Integer.parseInt(args[0]) == b.rank()) {
            Thread.sleep(Long.MAX_VALUE);
        }
        b.close();
    }
}
