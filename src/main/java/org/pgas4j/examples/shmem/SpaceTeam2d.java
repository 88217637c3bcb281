package org.pgas4j.examples.shmem;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.pgas4j.shmem.DeviceType;
import org.pgas4j.shmem.Shmem;
import org.pgas4j.shmem.ShmemTeam;
import org.pgas4j.shmem.ShmemType;
import org.pgas4j.shmem.SpaceConfig;
import org.pgas4j.shmem.SpaceCreation;
import org.pgas4j.shmem.SymmetricArray;

/**
 * Seed 001's first example, in Java: create a CPU memory space and its team, split the space team
 * into a 2-D team, broadcast 16 ints of space memory along each row, then destroy the teams and
 * the space in the order the seed requires. Each PE checks what arrived and prints it.
 *
 * <pre>bin/pgas4j run -np 4 org.pgas4j.examples.shmem.SpaceTeam2d</pre>
 */
public final class SpaceTeam2d {
    private SpaceTeam2d() {
    }

    /** Runs the example on this PE. */
    public static void main(String[] args) {
        try (Shmem shmem = Shmem.init()) {
            SpaceCreation created = shmem.spaceCreate(SpaceConfig.of(DeviceType.CPU, 1024 * 1024));
            if (!created.succeeded() || !created.team().isValid()) {
                throw new IllegalStateException("space creation failed: " + created.reason());
            }
            ShmemTeam spaceTeam = created.team();
            ShmemTeam.Split2d grid = spaceTeam.split2d(2);
            ShmemTeam row = grid.xAxis();
            int nelems = 16;
            SymmetricArray data = shmem.spaceMalloc(created.space(), ShmemType.INT, nelems);
            MemorySegment mine = shmem.local(data);
            for (int i = 0; i < nelems; i++) {
                mine.setAtIndex(ValueLayout.JAVA_INT, i, shmem.myPe() * 100 + i);
            }
            spaceTeam.sync();
            shmem.collectives().broadcast(row, data, data, nelems, 0);
            int rowRoot = row.translatePe(0, shmem.teamWorld());
            for (int i = 0; i < nelems; i++) {
                int got = mine.getAtIndex(ValueLayout.JAVA_INT, i);
                if (got != rowRoot * 100 + i) {
                    throw new IllegalStateException("PE " + shmem.myPe() + ": element " + i + " is " + got
                            + ", expected " + (rowRoot * 100 + i));
                }
            }
            System.out.println("PE " + shmem.myPe() + ": row " + grid.yAxis().myPe() + " column " + row.myPe()
                    + " of a " + row.nPes() + "-wide grid received PE " + rowRoot + "'s 16 ints: verified");
            shmem.spaceFree(created.space(), data);
            row.destroy();
            grid.yAxis().destroy();
            spaceTeam.destroy();
            int status = shmem.spaceDestroy(created.space());
            if (status != 0) {
                throw new IllegalStateException("spaceDestroy returned " + status);
            }
        }
    }
}
