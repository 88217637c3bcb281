package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Locale;
import java.util.Map;

/**
 * Micro-measurement of the UCX binding between two workers in one JVM: 8-byte put + endpoint
 * flush, 8-byte get, and 64-bit fetch-add, each as a mean over many iterations after a long
 * warm-up (FFM call sites reach C speed only after about a million calls). Not a test: run it
 * by hand, for example
 * {@code java --enable-native-access=ALL-UNNAMED -cp target/classes:target/test-classes
 * org.pgas4j.transport.ucx.UcxLatency default 2000000 1000000 3}.
 *
 * <p>Arguments: {@code default|tcp}, warm-up iterations, measured iterations, rounds, and
 * optionally {@code agent} to progress the target worker on a thread of its own (a progress
 * agent) instead of from the origin's waits, or {@code agent-yield} for an agent (and an
 * origin wait) that yields the core whenever a progress call found nothing to do.
 */
public final class UcxLatency {
    private UcxLatency() {
    }

    /**
     * Runs the measurement and prints one line per operation and round.
     *
     * @param args transports, warm-up, measured, rounds, [agent|agent-yield]
     * @throws InterruptedException if interrupted while stopping the progress agent
     */
    public static void main(String[] args) throws InterruptedException {
        Map<String, String> settings = args.length > 0 && args[0].equals("tcp") ? UcxPair.TCP : UcxPair.DEFAULT;
        int warmUp = args.length > 1 ? Integer.parseInt(args[1]) : 2_000_000;
        int measured = args.length > 2 ? Integer.parseInt(args[2]) : 1_000_000;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 3;
        boolean agent = args.length > 4 && args[4].startsWith("agent");
        boolean yield = args.length > 4 && args[4].equals("agent-yield");
        String name = (settings == UcxPair.TCP ? "tcp/lo" : "default") + (agent ? " +" + args[4] : "");
        try (UcxPair pair = new UcxPair(settings, 4096); Arena arena = Arena.ofConfined()) {
            MemorySegment local = arena.allocate(64, 64);
            Agent progress = agent ? new Agent(pair, yield) : null;
            putFlush(pair, local, warmUp);
            get(pair, local, warmUp);
            fetchAdd(pair, warmUp);
            for (int r = 0; r < rounds; r++) {
                long t0 = System.nanoTime();
                putFlush(pair, local, measured);
                long t1 = System.nanoTime();
                get(pair, local, measured);
                long t2 = System.nanoTime();
                fetchAdd(pair, measured);
                long t3 = System.nanoTime();
                System.out.printf(Locale.ROOT, "%s round %d: put+flush %.3f us, get %.3f us, fetch-add %.3f us%n", name,
                        r, (t1 - t0) / 1e3 / measured, (t2 - t1) / 1e3 / measured, (t3 - t2) / 1e3 / measured);
            }
            if (progress != null) {
                progress.stop();
            }
        }
    }

    private static void putFlush(UcxPair pair, MemorySegment local, int n) {
        UcpEndpoint ep = pair.toTarget;
        long remote = pair.remote(0);
        for (int i = 0; i < n; i++) {
            local.set(JAVA_LONG, 0, i);
            ep.putNbi(local, 0, 8, remote, pair.rkey);
            ep.flush();
        }
    }

    private static void get(UcxPair pair, MemorySegment local, int n) {
        UcpEndpoint ep = pair.toTarget;
        UcpWorker w = pair.origin;
        long remote = pair.remote(64);
        for (int i = 0; i < n; i++) {
            w.await(ep.getNbx(local, 8, 8, remote, pair.rkey), "ucp_get_nbx");
        }
    }

    private static void fetchAdd(UcxPair pair, int n) {
        UcpEndpoint ep = pair.toTarget;
        long remote = pair.remote(128);
        for (int i = 0; i < n; i++) {
            ep.fetchAdd64(remote, pair.rkey, 1);
        }
    }

    /** Progresses the target worker on its own thread until stopped. */
    private static final class Agent {
        private final Thread thread;
        private volatile boolean running = true;
        private final UcxPair pair;

        Agent(UcxPair pair, boolean yieldWhenIdle) {
            this.pair = pair;
            pair.origin.whileWaiting(yieldWhenIdle ? Thread::yield : null);
            thread = Thread.ofPlatform().name("ucx-progress").start(() -> {
                while (running) {
                    if (pair.target.progress() == 0 && yieldWhenIdle) {
                        Thread.yield();
                    }
                }
            });
        }

        void stop() throws InterruptedException {
            running = false;
            thread.join();
            pair.origin.whileWaiting(pair.target::progress);
        }
    }
}
