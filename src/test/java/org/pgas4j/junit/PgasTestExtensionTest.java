package org.pgas4j.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.opentest4j.AssertionFailedError;
import org.pgas4j.Client;

/**
 * {@code @PgasTest} run by JUnit's test kit on the fixtures of {@link LocalFixtures} (PEs as
 * threads) and {@link ShmFixtures} (PEs as processes started by the launcher): real jobs, with
 * what JUnit reports checked, and nothing left running afterwards.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class PgasTestExtensionTest {

    @AfterEach
    void nothingIsLeftRunning() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!peThreads().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(List.of(), peThreads(), "PE threads left running");
        assertEquals(List.of(), ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList(), "processes left running");
    }

    private static List<String> peThreads() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(n -> n.startsWith("pgas4j-pe-") || n.startsWith("pgas4j-junit-")).toList();
    }

    // --- in-JVM jobs ------------------------------------------------------------------------------

    @Test
    void aPassingJobOfFourPes() {
        LocalFixtures.Ring.RANKS.clear();
        EngineExecutionResults r = run(LocalFixtures.Ring.class);
        assertEquals(List.of("[4 PEs]"), succeeded(r));
        assertEquals(Set.of(0, 1, 2, 3), LocalFixtures.Ring.RANKS);
    }

    @Test
    void aFailedAssertionOnOnePeFailsTheTestNamingThePe() {
        long start = System.nanoTime();
        Throwable t = onlyFailure(run(LocalFixtures.OnePeFails.class));
        PeFailedError e = assertInstanceOf(PeFailedError.class, t);
        assertEquals("PE 2 of 4: expected: <3> but was: <5>", e.getMessage());
        assertEquals(2, e.rank());
        assertEquals(4, e.size());
        assertInstanceOf(AssertionFailedError.class, e.getCause());
        assertEquals(3, e.getExpected().getValue(), "expected and actual are kept for IDEs");
        assertEquals(5, e.getActual().getValue());
        assertEquals(List.of(), Arrays.asList(e.getSuppressed()), "the others only stopped because of PE 2");
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(20), "the other PEs' waits ended at once");
    }

    @Test
    void everyPeThatFailsOnItsOwnIsReported() {
        Throwable t = onlyFailure(run(LocalFixtures.TwoPesFail.class));
        assertEquals("PE 1 of 4: PE 1's check ==> expected: <one> but was: <two>", t.getMessage());
        assertEquals(1, t.getSuppressed().length, () -> Arrays.toString(t.getSuppressed()));
        PeFailedError third = assertInstanceOf(PeFailedError.class, t.getSuppressed()[0]);
        assertEquals("PE 3 of 4: java.lang.IllegalStateException: PE 3 gives up", third.getMessage());
        assertInstanceOf(IllegalStateException.class, third.getCause());
    }

    @Test
    void aSleepingPeFailsTheTestAfterItsTimeoutNamingWhereEachPeWas() {
        long start = System.nanoTime();
        Throwable t = onlyFailure(run(LocalFixtures.PeSleeps.class));
        PeTimeoutError e = assertInstanceOf(PeTimeoutError.class, t);
        assertTrue(e.getMessage().startsWith("@PgasTest timed out after 2 s with 3 of 3 PEs still running: "), e.getMessage());
        assertTrue(e.getMessage().contains("PE 1 in Thread.sleep called from LocalFixtures.java:"), e.getMessage());
        assertTrue(e.getMessage().contains("PEs 0, 2 in Team.barrier called from LocalFixtures.java:"), e.getMessage());
        assertEquals(List.of(0, 1, 2), e.stillRunning());
        assertEquals(3, e.getSuppressed().length, "each PE's stack at the timeout");
        assertTrue(Arrays.stream(e.getSuppressed()[1].getStackTrace()).anyMatch(f -> f.getMethodName().equals("pe1Sleeps")));
        assertTrue(e.getSuppressed()[1].getMessage().startsWith("PE 1 of 3 was here at the timeout"));
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(15), "stopped soon after the timeout");
    }

    @Test
    void theTimeoutParameterAppliesToTestsWithoutATimeoutOfTheirOwn() {
        Throwable t = onlyFailure(run(LocalFixtures.TimeoutFromParameter.class, PgasTest.TIMEOUT_PARAMETER, "1"));
        PeTimeoutError e = assertInstanceOf(PeTimeoutError.class, t);
        assertTrue(e.getMessage().startsWith("@PgasTest timed out after 1 s with 1 of 2 PEs still running: "
                + "PE 0 in Thread.sleep called from LocalFixtures.java:"), e.getMessage());
        assertEquals(List.of(0), e.stillRunning());
    }

    @Test
    void aThreadThatIgnoresTheJobsFailureAndInterruptsIsNamedAndLeftAsADaemon() throws InterruptedException {
        LocalFixtures.PeIgnoresInterrupts.released = false;
        try {
            Throwable t = onlyFailure(run(LocalFixtures.PeIgnoresInterrupts.class));
            assertInstanceOf(PeTimeoutError.class, t);
            assertTrue(t.getMessage().contains("PE 1 in Thread.sleep called from LocalFixtures.java:"), t.getMessage());
            String left = Arrays.stream(t.getSuppressed()).map(Throwable::getMessage)
                    .filter(m -> m.contains("still running after the job ended")).findFirst().orElse("");
            assertTrue(left.startsWith("PE 1 of 2 is still running after the job ended (thread pgas4j-pe-1, in the test "
                    + "method)") && left.endsWith("left running as a daemon thread"), left);
        } finally {
            LocalFixtures.PeIgnoresInterrupts.released = true;
        }
    }

    @Test
    void everyKindOfParameterIsInjectedAndTheClientsAreClosedAfterwards() {
        LocalFixtures.EveryParameter.SEEN.clear();
        LocalFixtures.EveryParameter.CLIENTS.clear();
        LocalFixtures.ClientOnly.CLIENTS.clear();
        LocalFixtures.RankOnly.SEEN.clear();
        assertEquals(List.of("[3 PEs]"), succeeded(run(LocalFixtures.EveryParameter.class)));
        assertEquals(Set.of("PE 0 of 3", "PE 1 of 3", "PE 2 of 3"), Set.copyOf(LocalFixtures.EveryParameter.SEEN));
        assertTrue(LocalFixtures.EveryParameter.CLIENTS.stream().allMatch(Client::isClosed));
        assertEquals(List.of("[2 PEs]"), succeeded(run(LocalFixtures.ClientOnly.class)));
        assertEquals(2, LocalFixtures.ClientOnly.CLIENTS.size());
        assertTrue(LocalFixtures.ClientOnly.CLIENTS.stream().allMatch(Client::isClosed));
        assertEquals(List.of("[2 PEs]"), succeeded(run(LocalFixtures.RankOnly.class)));
        assertEquals(Set.of("0/2", "1/2"), LocalFixtures.RankOnly.SEEN);
    }

    @Test
    void oneInvocationPerPeCountIncludingMorePesThanCores() {
        LocalFixtures.SeveralCounts.RANKS_BY_COUNT.clear();
        assertEquals(List.of("[1 PE]", "[2 PEs]", "[5 PEs]"), succeeded(run(LocalFixtures.SeveralCounts.class)));
        assertEquals(Map.of(1, Set.of(0), 2, Set.of(0, 1), 5, Set.of(0, 1, 2, 3, 4)),
                LocalFixtures.SeveralCounts.RANKS_BY_COUNT);
    }

    @Test
    void beforeEachRunsOnceOutsideTheJobAndEveryPeHasAnInstanceOfItsOwn() {
        LocalFixtures.Lifecycle.CONSTRUCTED.set(0);
        LocalFixtures.Lifecycle.BEFORE_EACH.clear();
        LocalFixtures.Lifecycle.PE_INSTANCES.clear();
        assertEquals(List.of("[3 PEs]"), succeeded(run(LocalFixtures.Lifecycle.class)));
        assertEquals(1 + 3, LocalFixtures.Lifecycle.CONSTRUCTED.get(), "JUnit's instance and one per PE");
        assertEquals(List.of("rank -1"), LocalFixtures.Lifecycle.BEFORE_EACH, "once, in JUnit's thread");
        assertEquals(3, LocalFixtures.Lifecycle.PE_INSTANCES.size());
    }

    @Test
    void propertiesAreSetForTheJobAndRestoredAfterIt() {
        LocalFixtures.Properties.SEEN.clear();
        assertEquals(List.of("[2 PEs]"), succeeded(run(LocalFixtures.Properties.class)));
        assertEquals(Set.of("2m a=b"), LocalFixtures.Properties.SEEN);
        assertEquals(null, System.getProperty("pgas4j.shmem.symmetric.size"));
        assertEquals(null, System.getProperty("pgas4j.junit.fixture.value"));
    }

    @Test
    void misuseIsReportedBeforeAnyPeStarts() {
        EngineExecutionResults r = run(LocalFixtures.Misuse.class);
        List<String> messages = r.allEvents().failed().stream().map(PgasTestExtensionTest::failure)
                .map(Throwable::getMessage).sorted().toList();
        assertEquals(4, messages.size(), messages::toString);
        assertTrue(messages.stream().filter(m -> m.contains("give one or more PE counts, each at least 1")).count() == 2,
                messages::toString);
        assertTrue(messages.stream().anyMatch(m -> m.contains("is @Rank but not an int")), messages::toString);
        assertTrue(messages.stream().anyMatch(m -> m.contains("properties entry \"no-equals-sign\" is not NAME=VALUE")),
                messages::toString);
        Throwable t = onlyFailure(run(LocalFixtures.NoDefaultConstructor.class));
        assertTrue(t.getMessage().contains("needs a constructor without parameters"), t.getMessage());
    }

    // --- processes over shared memory ---------------------------------------------------------------

    @Test
    void aPassingJobOfProcessesForEachCount() {
        assertEquals(List.of("[1 PE, shm]", "[5 PEs, shm]"), succeeded(run(ShmFixtures.Ring.class)));
    }

    @Test
    void failuresOfPeProcessesComeBackWithClassMessageAndStack() {
        Throwable t = onlyFailure(run(ShmFixtures.TwoPesFail.class));
        PeFailedError e = assertInstanceOf(PeFailedError.class, t);
        assertEquals("PE 1 of 3: expected: <3> but was: <5>", e.getMessage());
        assertInstanceOf(AssertionFailedError.class, e.getCause());
        assertTrue(calls(e.getCause(), "pes1And2Fail"), "the PE's own stack trace");
        assertEquals(1, e.getSuppressed().length, () -> Arrays.toString(e.getSuppressed()));
        PeFailedError two = assertInstanceOf(PeFailedError.class, e.getSuppressed()[0]);
        assertEquals("PE 2 of 3: " + ShmFixtures.NotSerialisable.class.getName() + ": PE 2's lock", two.getMessage());
        assertEquals(ShmFixtures.NotSerialisable.class.getName() + ": PE 2's lock", two.getCause().toString(),
                "a stand-in for what could not be serialised");
        assertTrue(calls(two.getCause(), "pes1And2Fail"));
    }

    @Test
    void aSleepingPeProcessFailsTheTestAfterItsTimeoutAndNoProcessIsLeft() {
        long start = System.nanoTime();
        Throwable t = onlyFailure(run(ShmFixtures.PeSleeps.class));
        PeTimeoutError e = assertInstanceOf(PeTimeoutError.class, t);
        assertEquals("@PgasTest timed out after 10 s with 2 of 2 PEs still running: PEs 0, 1 in the test method",
                e.getMessage());
        assertEquals(List.of(0, 1), e.stillRunning());
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(30), "stopped soon after the timeout");
    }

    @Test
    void junitsOwnParametersCannotReachAPeProcess() {
        Throwable t = onlyFailure(run(ShmFixtures.JUnitParameter.class));
        assertTrue(t.getMessage().startsWith("@PgasTest over SHM: the PE processes get only pgas4j's parameters")
                && t.getMessage().endsWith("not parameter 1 (TestInfo)"), t.getMessage());
    }

    // --- helpers ----------------------------------------------------------------------------------

    private static EngineExecutionResults run(Class<?> fixture, String... parameters) {
        EngineTestKit.Builder kit = EngineTestKit.engine("junit-jupiter")
                .configurationParameter(FixturesOnlyInTestKit.PARAMETER, "true");
        for (int i = 0; i < parameters.length; i += 2) {
            kit.configurationParameter(parameters[i], parameters[i + 1]);
        }
        return kit.selectors(selectClass(fixture)).execute();
    }

    private static List<String> succeeded(EngineExecutionResults r) {
        assertEquals(List.of(), r.testEvents().failed().stream().map(PgasTestExtensionTest::failure).toList());
        return r.testEvents().succeeded().stream().map(e -> e.getTestDescriptor().getDisplayName()).toList();
    }

    private static Throwable onlyFailure(EngineExecutionResults r) {
        List<Event> failed = r.testEvents().failed().list();
        assertEquals(1, failed.size(), () -> r.allEvents().list().toString());
        assertEquals(0, r.testEvents().succeeded().count());
        return failure(failed.getFirst());
    }

    private static Throwable failure(Event e) {
        return e.getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow();
    }

    private static boolean calls(Throwable t, String method) {
        return Arrays.stream(t.getStackTrace()).anyMatch(f -> f.getMethodName().equals(method));
    }
}
