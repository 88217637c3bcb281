package org.pgas4j.launcher.testpes;

import java.nio.file.Files;
import java.nio.file.Path;
import org.pgas4j.bootstrap.SocketBootstrap;
import org.pgas4j.bootstrap.ShmFiles;

/**
 * Every PE creates a shared file and barriers; then PE {@code args[0]} kills itself with SIGKILL
 * while the others wait in a barrier that can never complete. Rank 0 prints the job id.
 */
public final class SigkillPe {
    private SigkillPe() {
    }

    /** @param args the rank that kills itself */
    public static void main(String[] args) throws Exception {
        int victim = Integer.parseInt(args[0]);
        SocketBootstrap b = SocketBootstrap.fromEnvironment(System.getenv());
        Path f = ShmFiles.file(b.jobId(), b.rank(), "x");
        Files.writeString(f, "PE " + b.rank());
        System.out.println("job " + b.jobId() + " PE " + b.rank() + " pid " + ProcessHandle.current().pid()
                + " created " + f);
        b.barrier();
        if (b.rank() == victim) {
            new ProcessBuilder("kill", "-9", Long.toString(ProcessHandle.current().pid())).start().waitFor();
            Thread.sleep(60_000);
        }
        b.barrier();
        System.out.println("PE " + b.rank() + " passed a barrier it should not have");
    }
}
