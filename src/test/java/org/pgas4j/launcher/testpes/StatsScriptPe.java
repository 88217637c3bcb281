package org.pgas4j.launcher.testpes;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicInteger;
import org.pgas4j.AmCategory;
import org.pgas4j.Client;
import org.pgas4j.ReduceOp;
import org.pgas4j.Team;

/**
 * A scripted job whose statistics are known exactly. Every PE r of n (n >= 3):
 * <ul>
 *   <li>5 {@code putLong} and one 100-byte put to r+1: 6 puts, 140 bytes;</li>
 *   <li>3 {@code getInt} from r+2: 12 bytes;</li>
 *   <li>4 {@code fetchAddLong} on PE 0: 32 bytes;</li>
 *   <li>2 SHORT requests to r+1, each answered by a SHORT reply (so 2 replies to r-1), and one
 *       MEDIUM request of 16 bytes to r+1;</li>
 *   <li>2 barriers and one allreduce (plus the barrier of {@code Client.close}).</li>
 * </ul>
 * With {@code kill} as argument, PE 1 exits abruptly after the first barrier instead of closing;
 * with {@code linger}, every PE sleeps 2.5 s before closing (for the periodic JFR event).
 */
public final class StatsScriptPe {
    private StatsScriptPe() {
    }

    public static void main(String[] args) throws InterruptedException {
        AtomicInteger replies = new AtomicInteger();
        AtomicInteger mediums = new AtomicInteger();
        try (Client client = Client.init()) {
            Team world = client.world();
            int r = world.rank();
            int n = world.size();
            int right = (r + 1) % n;
            client.am().register(200, AmCategory.SHORT, t -> t.replyShort(201));
            client.am().register(201, AmCategory.SHORT, t -> replies.incrementAndGet());
            client.am().register(202, AmCategory.MEDIUM, t -> mediums.incrementAndGet());
            world.barrier();
            if (args.length > 0 && args[0].equals("kill") && r == 1) {
                Runtime.getRuntime().halt(3);
            }
            for (int i = 0; i < 5; i++) {
                client.rma().putLong(world, right, 8L * i, i);
            }
            MemorySegment hundred = Arena.ofAuto().allocate(100);
            client.rma().put(world, right, 1024, hundred, 0, 100);
            for (int i = 0; i < 3; i++) {
                client.rma().getInt(world, (r + 2) % n, 4L * i);
            }
            for (int i = 0; i < 4; i++) {
                client.atomics().fetchAddLong(world, 0, 4096, 1);
            }
            client.am().requestShort(world, right, 200);
            client.am().requestShort(world, right, 200);
            client.am().requestMedium(world, right, 202, Arena.ofAuto().allocate(16), 0, 16);
            while (replies.get() < 2 || mediums.get() < 1) {
                client.poll();
            }
            world.barrier();
            client.collectives().allreduceLong(world, r, ReduceOp.SUM);
            if (args.length > 0 && args[0].equals("linger")) {
                Thread.sleep(2500); // JFR runs a newly registered periodic hook first about a second after registration
            }
        }
        System.out.println("scripted PE done");
    }
}
