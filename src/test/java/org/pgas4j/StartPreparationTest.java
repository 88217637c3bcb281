package org.pgas4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pgas4j.bench.StartupPe;
import org.pgas4j.bootstrap.Syscall;
import org.pgas4j.testing.LaunchedJob;

/**
 * What every PE of a launched job prepares at its start, seen in the PEs' class logs: the class
 * that the runtime AOT cache's trained compilations of the RMA paths wait for (the session class
 * of {@code Arena.ofAuto()}) is initialised also in a PE that never waits, which without it ran
 * its puts in C1 code for good (docs/benchmarks.md); and with a core per PE the system-call handle
 * is bound at start, on a thread of its own, also in a PE that never makes a system call.
 */
@Timeout(120)
class StartPreparationTest {
    private static final String SESSION_INITIALISED = "Initializing 'jdk/internal/foreign/ImplicitSession'";
    /** A class java.lang.foreign generates when it binds a downcall. */
    private static final String DOWNCALL_STUB = "jdk.internal.foreign.abi.DowncallStub";

    @ParameterizedTest(name = "N={0}")
    @ValueSource(ints = {1, 3})
    void everyPeInitialisesTheSessionClassAtStart(int n) {
        LaunchedJob.Result r = job(n, "-Xlog:class+init=info:stdout");
        assertEquals(n, r.lines().stream().filter(l -> l.contains(SESSION_INITIALISED)).count(), r::toString);
    }

    @Test
    void aPeWithACoreOfItsOwnBindsTheSystemCallHandleThoughItNeverWaits() {
        assumeTrue(Syscall.AVAILABLE, "no system call numbers for this host");
        LaunchedJob.Result r = job(1, "-Xlog:class+load=info:stdout");
        assertEquals(1, r.lines().stream().filter(l -> l.contains(DOWNCALL_STUB)).count(), r::toString);
    }

    private static LaunchedJob.Result job(int n, String log) {
        LaunchedJob.Result r = LaunchedJob.run(n, "shm", 90, List.of("--no-aot", "--jvm-arg", log),
                StartupPe.class.getName());
        assertEquals(0, r.exitCode(), r::toString);
        return r;
    }
}
