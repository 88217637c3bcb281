package org.pgas4j.launcher;

import java.util.ArrayList;
import java.util.List;
import org.pgas4j.bootstrap.LaunchEnvironment;
import org.pgas4j.bootstrap.ShmFiles;

/**
 * Starts a PE on another host with {@code ssh -o BatchMode=yes -T -x HOST exec env VAR=... java ...}:
 * the java path, class path, {@code -Dpgas4j.*} properties and every variable the PE needs are on
 * the command line (quoted for the remote POSIX login shell); the secret goes through ssh's
 * standard input. The same JDK and class path must exist at the same paths on the host. After the
 * PE ends, however it ends, the remote shell removes its shared files there
 * ({@code /dev/shm/pgas4j-<job>-<rank>-*}) and exits with its status: the launcher cleans only
 * its own host.
 * BatchMode makes a host that would ask for a password fail at once instead of hanging.
 */
final class SshSpawner implements Spawner {
    /** The ssh client; {@code pgas4j.launcher.ssh} overrides it (for a wrapper or another path). */
    static final String SSH_PROPERTY = "pgas4j.launcher.ssh";

    private final String ssh;

    /** With the client of {@link #SSH_PROPERTY}, else {@code ssh} from the PATH. */
    SshSpawner() {
        this(System.getProperty(SSH_PROPERTY, "ssh"));
    }

    /** @param ssh the ssh client to run */
    SshSpawner(String ssh) {
        this.ssh = ssh;
    }

    @Override
    public String name() {
        return "ssh";
    }

    @Override
    public boolean spawnsThePeItself() {
        return false;
    }

    @Override
    public boolean secretOnStdin() {
        return true;
    }

    @Override
    public ProcessBuilder builder(PeLaunch launch) {
        return new ProcessBuilder(command(launch));
    }

    /** The ssh command line for {@code launch}. */
    List<String> command(PeLaunch launch) {
        List<String> cmd = new ArrayList<>(List.of(ssh, "-o", "BatchMode=yes", "-T", "-x", launch.host()));
        // ssh hands the remote login shell one string: quote each word. The shell stays to remove
        // the PE's shared files once it ended (also when it was killed) and passes on its status.
        String files = ShmFiles.directory() + "/" + ShmFiles.jobPrefix(launch.environment().get(LaunchEnvironment.JOB_ID))
                + launch.rank() + "-";
        cmd.add(ShellQuote.join(RemoteCommand.envCommand(launch, false)) + "; s=$?; rm -f " + ShellQuote.quote(files)
                + "*; exit $s");
        return cmd;
    }
}
