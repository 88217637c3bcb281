package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.bootstrap.LaunchEnvironment;

/** The command lines of the spawners and what they forward. */
@Timeout(10)
class SpawnerTest {
    private static final String SECRET = "0123456789abcdef0123456789abcdef";

    private static PeLaunch launch() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PGAS4J_SEGMENT_SIZE", "1m");
        env.put(LaunchEnvironment.RANK, "2");
        env.put(LaunchEnvironment.JOB_ID, "0123456789abcdef");
        env.put(LaunchEnvironment.RENDEZVOUS, "10.77.0.1:4000");
        return new PeLaunch(2, "h2", List.of("/opt/jdk/bin/java", "-Dpgas4j.x=a b", "-cp", "/a:/b", "Main", "it's"),
                env, SECRET);
    }

    @Test
    void sshForwardsEverythingOnTheCommandLineButTheSecret() {
        List<String> cmd = new SshSpawner("ssh").command(launch());
        assertEquals(List.of("ssh", "-o", "BatchMode=yes", "-T", "-x", "h2"), cmd.subList(0, 6));
        assertEquals(7, cmd.size(), cmd.toString());
        assertEquals("env PGAS4J_SEGMENT_SIZE=1m PGAS4J_RANK=2 PGAS4J_JOB_ID=0123456789abcdef "
                + "PGAS4J_RENDEZVOUS=10.77.0.1:4000 PGAS4J_SECRET_ON_STDIN=1 /opt/jdk/bin/java '-Dpgas4j.x=a b' "
                + "-cp /a:/b Main 'it'\\''s'; s=$?; rm -f /dev/shm/pgas4j-0123456789abcdef-2-*; exit $s", cmd.get(6));
        assertFalse(String.join(" ", cmd).contains(SECRET), "the secret is on the command line");
        assertTrue(new SshSpawner("ssh").secretOnStdin());
        assertFalse(new SshSpawner("ssh").spawnsThePeItself());
    }

    @Test
    void netnsRunsTheSameEnvCommandInTheHostsNamespaceWithAClearedEnvironment() {
        NetnsSpawner s = new NetnsSpawner("h2=pgas4j-b, h1=pgas4j-a");
        assertEquals(List.of("ip", "netns", "exec", "pgas4j-b", "env", "-i", "PGAS4J_SEGMENT_SIZE=1m", "PGAS4J_RANK=2",
                "PGAS4J_JOB_ID=0123456789abcdef", "PGAS4J_RENDEZVOUS=10.77.0.1:4000", "PGAS4J_SECRET_ON_STDIN=1",
                "/opt/jdk/bin/java", "-Dpgas4j.x=a b",
                "-cp", "/a:/b", "Main", "it's"), s.command(launch()));
        assertEquals("other", s.namespace("other"));
        assertThrows(UsageException.class, () -> new NetnsSpawner("h2"));
    }

    @Test
    void theLocalSpawnerPutsTheSecretInTheEnvironment() {
        ProcessBuilder pb = new LocalSpawner().builder(launch());
        assertEquals(SECRET, pb.environment().get(LaunchEnvironment.SECRET));
        assertEquals("2", pb.environment().get(LaunchEnvironment.RANK));
        assertEquals(launch().command(), pb.command());
    }

    @Test
    void shellQuotingLeavesPlainWordsAlone() {
        assertEquals("/a/b:c", ShellQuote.quote("/a/b:c"));
        assertEquals("''", ShellQuote.quote(""));
        assertEquals("'$HOME'", ShellQuote.quote("$HOME"));
        assertEquals("'a'\\''b'", ShellQuote.quote("a'b"));
    }

    @Test
    void forwardsTheLaunchersSettingVariablesAndTheEnvEntries() {
        Map<String, String> launcher = Map.of("PGAS4J_WAIT_SPINS", "20", "SHMEM_SYMMETRIC_SIZE", "8m", "HOME", "/root",
                "PGAS4J_RANK", "9", "LANG", "C");
        Map<String, String> f = PeVariables.forwarded(launcher, List.of("LANG", "X=1=2"));
        assertEquals(Map.of("PGAS4J_WAIT_SPINS", "20", "SHMEM_SYMMETRIC_SIZE", "8m", "LANG", "C", "X", "1=2"), f);
        assertThrows(UsageException.class, () -> PeVariables.forwarded(launcher, List.of("NOPE")));
    }

    @Test
    void theSpawnerIsChosenPerHost() {
        Spawners auto = new Spawners("auto");
        assertInstanceOf(LocalSpawner.class, auto.forHost("localhost"));
        assertInstanceOf(LocalSpawner.class, auto.forHost("127.0.0.1"));
        assertInstanceOf(SshSpawner.class, auto.forHost("h2.invalid"));
        assertInstanceOf(NetnsSpawner.class, new Spawners("netns").forHost("localhost"));
        assertInstanceOf(SshSpawner.class, new Spawners("ssh").forHost("localhost"));
        assertThrows(UsageException.class, () -> new Spawners("rsh"));
    }
}
