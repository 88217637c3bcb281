package org.pgas4j.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.pgas4j.Client;
import org.pgas4j.Team;
import org.pgas4j.shmem.Shmem;
import org.pgas4j.shmem.ShmemType;
import org.pgas4j.shmem.SymmetricArray;

/** The complete example of docs/testing-pgas-code.md (there in a package of its own), kept compiling and passing here. */
class RingExampleTest {

    /** Every PE puts its rank into its right neighbour's segment and reads its left neighbour's. */
    @PgasTest(pes = {1, 2, 5})
    void everyPeReadsItsLeftNeighboursRank(Client client, Team world, @Rank int rank, @PeCount int n) {
        client.rma().putLong(world, (rank + 1) % n, 0, rank);
        world.barrier();
        assertEquals((rank + n - 1) % n, client.rma().getLong(world, rank, 0));
    }

    /** Every PE adds its rank to a counter on PE 0, through OpenSHMEM, the PEs being processes. */
    @PgasTest(pes = 3, transport = PgasTest.Transport.SHM, properties = "pgas4j.shmem.symmetric.size=4m")
    void peZeroCountsTheSumOfAllRanks(Shmem shmem, @Rank int rank, @PeCount int n) {
        SymmetricArray sum = shmem.calloc(ShmemType.LONG, 1);    // collective: every PE allocates it
        shmem.ctxDefault().atomicAdd(sum, 0, rank, 0);            // onto PE 0's copy
        shmem.barrierAll();                                       // every add is complete and visible
        if (rank == 0) {
            assertEquals(n * (n - 1) / 2, shmem.ctxDefault().gLong(sum, 0, 0));
        }
    }
}
