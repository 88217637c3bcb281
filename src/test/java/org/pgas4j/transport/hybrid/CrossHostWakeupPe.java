package org.pgas4j.transport.hybrid;

import org.pgas4j.ActiveMessages;
import org.pgas4j.AmCategory;
import org.pgas4j.Client;
import org.pgas4j.Team;

/**
 * A PE of {@link CrossHostWakeupTest}, rank 0 and the last rank on different hosts: the last rank
 * sends rank 0 {@link #ROUNDS} requests one at a time, each after rank 0 has acknowledged the one
 * before, while rank 0 sleeps in {@link Client#parkUntilMessage} for up to 0.9 s at a time and
 * counts, of the parks after which a request was there to deliver, those that said a message came
 * ({@code woken}) and those that ended at their timer ({@code timer}). The other ranks only join
 * the barriers. Rank 0 prints {@code cross-host parks: woken=W timer=T}.
 */
public final class CrossHostWakeupPe {
    static final int ROUNDS = 12;
    private static final int REQUEST = 200;
    private static final int ACK = 201;
    private static final long PARK_NANOS = 900_000_000L;

    private CrossHostWakeupPe() {
    }

    /** Runs one PE. */
    public static void main(String[] args) {
        try (Client client = Client.init()) {
            ActiveMessages am = client.am();
            Team world = client.world();
            int last = world.size() - 1;
            int[] requests = new int[1];
            int[] acks = new int[1];
            am.register(REQUEST, AmCategory.SHORT, t -> requests[0]++);
            am.register(ACK, AmCategory.SHORT, t -> acks[0]++);
            world.barrier();
            if (world.rank() == 0) {
                int woken = 0;
                int timer = 0;
                while (requests[0] < ROUNDS) {
                    int before = requests[0];
                    boolean messageCame = client.parkUntilMessage(PARK_NANOS);
                    client.poll();
                    if (requests[0] > before) {
                        if (messageCame) {
                            woken++;
                        } else {
                            timer++;
                        }
                        am.requestShort(world, last, ACK);
                    }
                }
                System.out.println("cross-host parks: woken=" + woken + " timer=" + timer);
            } else if (world.rank() == last) {
                for (int i = 0; i < ROUNDS; i++) {
                    am.requestShort(world, 0, REQUEST);
                    while (acks[0] <= i) {
                        client.poll();
                        Thread.onSpinWait();
                    }
                }
            }
            world.barrier();
        }
    }
}
