package org.pgas4j.launcher.testpes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.pgas4j.bootstrap.Bootstrap;
import org.pgas4j.bootstrap.Bootstraps;

/**
 * Checks that the bootstrap's barrier holds across every PE, through a directory that all PEs
 * see (the test's two "hosts" are network namespaces of one machine, so they share the file
 * system). Each round every PE renames a file holding the round number into place, barriers, and
 * reads every PE's file: a barrier that let a PE through before some other PE had entered it shows
 * as an older round. A second barrier keeps the next round's files back until everyone has read.
 * Rounds alternate between {@link Bootstrap#barrier()} and {@link Bootstrap#allgather}. Prints
 * "PE r: N rounds, barriers held", finalizes and exits 0, or prints each violation and exits 1.
 *
 * <p>Arguments: the directory, the number of rounds.
 */
public final class BootstrapBarrierPe {
    private BootstrapBarrierPe() {
    }

    /** @param args the shared directory and the number of rounds */
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        int rounds = Integer.parseInt(args[1]);
        Bootstrap b = Bootstraps.claim();
        int violations = 0;
        for (int round = 1; round <= rounds; round++) {
            Path tmp = dir.resolve("next-" + b.rank());
            Files.writeString(tmp, Integer.toString(round));
            Files.move(tmp, dir.resolve("pe-" + b.rank()), StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
            synchronise(b, round);
            for (int j = 0; j < b.size(); j++) {
                Path f = dir.resolve("pe-" + j);
                int seen = Files.exists(f) ? Integer.parseInt(Files.readString(f).trim()) : 0;
                if (seen < round) {
                    violations++;
                    System.out.println("PE " + b.rank() + " passed the barrier of round " + round + " while PE " + j
                            + " was at round " + seen);
                }
            }
            synchronise(b, round);
        }
        System.out.println("PE " + b.rank() + ": " + rounds + " rounds, "
                + (violations == 0 ? "barriers held" : violations + " violations"));
        b.close();
        System.exit(violations == 0 ? 0 : 1);
    }

    private static void synchronise(Bootstrap b, int round) {
        if (round % 2 == 0) {
            b.allgather(new byte[] {(byte) round});
        } else {
            b.barrier();
        }
    }
}
