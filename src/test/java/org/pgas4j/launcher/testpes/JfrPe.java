package org.pgas4j.launcher.testpes;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicInteger;
import org.pgas4j.ActiveMessages;
import org.pgas4j.AmCategory;
import org.pgas4j.Client;
import org.pgas4j.ReduceOp;
import org.pgas4j.Segment;
import org.pgas4j.Team;

/**
 * What the JFR tests record: barriers, an allreduce and a 4 KiB broadcast on the world team, a
 * 100-byte MEDIUM active message from PE 0 to PE 1 (mod size) whose handler sleeps 30 ms, a
 * non-blocking barrier that PE 0 waits for while the last PE sleeps 300 ms first (a long event
 * wait), and a 1 MiB segment created and destroyed. With the argument {@code fail}, the last PE
 * then exits with status 3 while the others wait in a barrier (they get JobAbortedException).
 * Per-PE state is local: under the local transport the PEs are threads of one JVM.
 */
public final class JfrPe {
    /** The handler index of the slow handler. */
    public static final int SLOW_HANDLER = ActiveMessages.FIRST_CLIENT_INDEX + 3;

    private JfrPe() {
    }

    /** @param args {@code fail} to have the last PE fail after the recorded part */
    public static void main(String[] args) throws InterruptedException {
        boolean fail = args.length > 0 && args[0].equals("fail");
        Client c = Client.init();
        int me = c.jobRank();
        int n = c.jobSize();
        Team world = c.world();
        AtomicInteger handled = new AtomicInteger();
        c.am().register(SLOW_HANDLER, AmCategory.MEDIUM, t -> {
            try {
                Thread.sleep(30);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            handled.incrementAndGet();
        });
        world.barrier();
        long sum = c.collectives().allreduceLong(world, me + 1, ReduceOp.SUM);
        if (sum != (long) n * (n + 1) / 2) {
            throw new AssertionError("allreduce gave " + sum);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(4096);
            c.collectives().broadcast(world, 0, buf, buf, 4096);
            if (me == 0) {
                c.am().requestMedium(world, 1 % n, SLOW_HANDLER, arena.allocate(100), 0, 100);
            }
        }
        if (me == 1 % n) {
            while (handled.get() == 0) {
                c.am().poll();
                Thread.onSpinWait();
            }
        }
        world.barrier();
        if (me == n - 1) {
            Thread.sleep(300); // long, so that the wait stays long on a loaded machine (its first use loads the event)
        }
        c.collectives().barrierNB(world).waitFor();
        Segment s = c.createSegment(1 << 20);
        s.destroy();
        world.barrier();
        if (fail) {
            if (me == n - 1) {
                System.out.println("jfr-pe " + me + " fails");
                System.exit(3);
            }
            world.barrier(); // the others: JobAbortedException
        }
        System.out.println("jfr-pe " + me + " of " + n + " done");
        c.close();
    }
}
