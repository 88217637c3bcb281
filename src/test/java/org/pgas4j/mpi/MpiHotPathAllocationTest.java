package org.pgas4j.mpi;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.testing.WarmAllocation;

/**
 * The facade's PUT/ACCEPT and GET/OFFER allocate nothing once warm, from and into a Java array as
 * from and into registered memory: each rank of a 2-rank {@code shm} job PUTs to and GETs from its
 * neighbour in a ring and services the neighbour's requests, measured with the JVM's per-thread
 * allocation counter (the least of three windows after a warm-up). A fresh JVM for the job, as
 * the other facades' allocation tests: up to three are tried, and the test fails when every one
 * allocates, as a record or segment per operation would (megabytes).
 */
@Timeout(180)
class MpiHotPathAllocationTest {
    private static final int WARM_UP = 60_000;
    private static final int MEASURED = 20_000;
    private static final int WINDOWS = 3;
    private static final int JOBS = 3;

    @Test
    void warmPutAcceptAndGetOfferAllocateNothing() {
        WarmAllocation.assertNoneInSomeJob(2, JOBS, 150, List.of(), AllocationPe.class.getName());
    }

    /** A rank of the measurement: prints {@code ALLOC <bytes>}, the least of its measured windows. */
    public static final class AllocationPe {
        private AllocationPe() {
        }

        /** No arguments. */
        public static void main(String[] args) {
            try (Mpi mpi = Mpi.init()) {
                Comm w = mpi.world();
                MemorySegment inbox = mpi.rmaMalloc(64);
                MemorySegment registered = mpi.rmaMalloc(64);
                long[] array = new long[4];
                run(w, inbox, registered, array, WARM_UP);
                System.out.println("ALLOC " + WarmAllocation.leastOfWindows(WINDOWS,
                        () -> run(w, inbox, registered, array, MEASURED)));
                w.barrier();
            }
        }

        private static void run(Comm w, MemorySegment inbox, MemorySegment registered, long[] array, int iterations) {
            int right = (w.rank() + 1) % w.size();
            int left = (w.rank() + w.size() - 1) % w.size();
            for (int i = 0; i < iterations; i++) {
                array[0] = i;
                w.put(array, 2, Datatype.LONG, right, 0, 2, Datatype.LONG, 1);
                w.accept(inbox, 64, 8, 1, 1);
                registered.set(ValueLayout.JAVA_LONG, 0, i);
                w.put(registered, 1, Datatype.LONG, right, 2, 1, Datatype.LONG, 2);
                w.accept(inbox, 64, 8, 2, 1);
                w.get(array, 1, Datatype.LONG, right, 2, 1, Datatype.LONG, 3);
                w.offer(inbox, 64, 8, 3, 1);
                w.get(registered, 1, Datatype.LONG, right, 0, 1, Datatype.LONG, 4);
                w.offer(inbox, 64, 8, 4, 1);
                if (array[0] != i || registered.get(ValueLayout.JAVA_LONG, 0) != i) {
                    throw new IllegalStateException("rank " + w.rank() + " iteration " + i + ": got " + array[0] + " and "
                            + registered.get(ValueLayout.JAVA_LONG, 0) + " back from rank " + right + " (left " + left + ")");
                }
            }
        }
    }
}
