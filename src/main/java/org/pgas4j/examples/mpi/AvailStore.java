package org.pgas4j.examples.mpi;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.pgas4j.mpi.Comm;
import org.pgas4j.mpi.Datatype;
import org.pgas4j.mpi.Mpi;
import org.pgas4j.mpi.Request;

/**
 * A third-party store built as the seed's "custom agent": process 0 holds a table of longs and
 * serves the other processes with AVAIL and IAVAIL, each servicing exactly one PUT or GET
 * (after any PUTHOLDs or GETHOLDs). Clients never touch each other's memory: in round one each
 * client PUTHOLDs the first half of its record and PUTs the second half (one AVAIL per client),
 * completing its requests with an ACCEPT of count 0; in round two each GETs the whole table
 * (one IAVAIL per client, waited together), completing with an OFFER of count 0, and checks every
 * other client's record. Prints {@code verified} on process 0 when every client saw every record.
 *
 * <p>Run: {@code bin/pgas4j run -np 4 -cp target/pgas4j.jar org.pgas4j.examples.mpi.AvailStore}.
 */
public final class AvailStore {
    private static final int RECORD = 4;
    private static final int TAG = 7;

    private AvailStore() {
    }

    /** Runs one process. */
    public static void main(String[] args) {
        try (Mpi mpi = Mpi.init()) {
            Comm w = mpi.world();
            int clients = w.size() - 1;
            long tableBytes = 8L * RECORD * Math.max(1, clients);
            boolean ok = true;
            if (w.rank() == 0) {
                MemorySegment table = mpi.rmaMalloc(tableBytes);
                table.fill((byte) 0);
                for (int i = 0; i < clients; i++) {
                    w.avail(table, tableBytes, 8 * RECORD, TAG); // disp in records
                }
                w.barrier();
                Request[] serving = new Request[clients];
                // IAVAILs need distinct buffers while active: each serves the table through its own view
                MemorySegment[] copies = new MemorySegment[clients];
                for (int i = 0; i < clients; i++) {
                    copies[i] = mpi.rmaMalloc(tableBytes);
                    copies[i].copyFrom(table);
                    serving[i] = w.iavail(copies[i], tableBytes, 8 * RECORD, TAG);
                }
                Request.waitAll(serving);
            } else {
                int me = w.rank();
                long[] record = new long[RECORD];
                for (int k = 0; k < RECORD; k++) {
                    record[k] = 1000L * me + k;
                }
                MemorySegment rec = MemorySegment.ofArray(record);
                w.putHold(rec.asSlice(0, 16), 2, Datatype.LONG, 0, me - 1, 2, Datatype.LONG, TAG);
                // the second half: two longs at record me - 1, offset 2, as a 2-long indexed target
                Datatype secondHalf = Datatype.indexed(new int[] {2}, new int[] {2}, Datatype.LONG);
                w.put(rec.asSlice(16, 16), 2, Datatype.LONG, 0, me - 1, 1, secondHalf, TAG);
                w.accept(MemorySegment.NULL, 0, 1, TAG, 0); // completes once both are serviced
                w.barrier();
                long[] table = new long[RECORD * clients];
                w.get(table, table.length, Datatype.LONG, 0, 0, table.length, Datatype.LONG, TAG);
                w.offer(MemorySegment.NULL, 0, 1, TAG, 0); // completes once the GET is serviced
                for (int c = 1; c <= clients; c++) {
                    for (int k = 0; k < RECORD; k++) {
                        ok &= table[(c - 1) * RECORD + k] == 1000L * c + k;
                    }
                }
            }
            long bad = mpi.client().collectives().allreduceLong(mpi.client().world(), ok ? 0 : 1,
                    org.pgas4j.ReduceOp.SUM);
            if (w.rank() == 0) {
                System.out.println("avail store: " + clients + " clients stored and read back their records: "
                        + (bad == 0 ? "verified" : bad + " clients saw wrong data, NOT VERIFIED"));
            }
            if (bad != 0) {
                System.exit(1);
            }
        }
    }
}
