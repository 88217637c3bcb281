package org.pgas4j.examples.mpi;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.pgas4j.mpi.Comm;
import org.pgas4j.mpi.Datatype;
import org.pgas4j.mpi.Mpi;

/**
 * A 2-D Jacobi iteration (the Laplace equation on a square plate whose top edge is held at 1 and
 * the other edges at 0) with halo exchange by PUTC and ACCEPTC: the grid's rows are split into
 * strips, one per process; each iteration every process PUTCs its first interior row into the
 * bottom halo row of the process above and its last into the top halo row of the process below,
 * then all ACCEPTC, which completes once every halo row has arrived (the counting scheme tells each
 * process how many PUTCs to expect: no process says so). Rank 0 then gathers the strips with
 * messages, repeats the computation serially, and prints {@code verified} when they agree
 * exactly (the arithmetic is the same).
 *
 * <p>Run: {@code bin/pgas4j run -np 4 -cp target/pgas4j.jar org.pgas4j.examples.mpi.Jacobi2d [N] [ITERATIONS]}
 * (default 64 x 64 interior points, 200 iterations).
 */
public final class Jacobi2d {
    private static final ValueLayout.OfDouble D = ValueLayout.JAVA_DOUBLE;
    private static final int HALO_TAG = 1;
    private static final int GATHER_TAG = 2;

    private Jacobi2d() {
    }

    /** Runs one process. */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 64;
        int iterations = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        try (Mpi mpi = Mpi.init()) {
            Comm world = mpi.world();
            double[] mine = solve(mpi, world, n, iterations);
            int first = firstRow(n, world.size(), world.rank());
            if (world.rank() != 0) {
                world.send(mine, mine.length, Datatype.DOUBLE, 0, GATHER_TAG);
                return;
            }
            double[] whole = new double[n * n];
            System.arraycopy(mine, 0, whole, first * n, mine.length);
            for (int r = 1; r < world.size(); r++) {
                int rows = firstRow(n, world.size(), r + 1) - firstRow(n, world.size(), r);
                double[] part = new double[rows * n];
                world.recv(part, part.length, Datatype.DOUBLE, r, GATHER_TAG);
                System.arraycopy(part, 0, whole, firstRow(n, world.size(), r) * n, part.length);
            }
            double[] serial = serial(n, iterations);
            double worst = 0;
            for (int i = 0; i < whole.length; i++) {
                worst = Math.max(worst, Math.abs(whole[i] - serial[i]));
            }
            System.out.printf("jacobi %dx%d, %d iterations on %d processes: centre %.6f, max difference from serial %.3g: %s%n",
                    n, n, iterations, world.size(), whole[(n / 2) * n + n / 2], worst,
                    worst == 0 ? "verified" : "NOT VERIFIED");
            if (worst != 0) {
                System.exit(1);
            }
        }
    }

    /** The first interior row of process {@code r}'s strip. */
    static int firstRow(int n, int size, int r) {
        return (int) ((long) n * r / size);
    }

    /** This process's strip after the iterations, rows of n values without halos. */
    static double[] solve(Mpi mpi, Comm world, int n, int iterations) {
        int size = world.size();
        int rank = world.rank();
        int rows = firstRow(n, size, rank + 1) - firstRow(n, size, rank);
        int width = n + 2;
        long bytes = 8L * width * (rows + 2);
        // two grids with a halo row above and below and a boundary column left and right
        MemorySegment a = mpi.rmaMalloc(bytes);
        MemorySegment b = mpi.rmaMalloc(bytes);
        a.fill((byte) 0);
        b.fill((byte) 0);
        if (rank == 0) {
            for (int j = 0; j < width; j++) {
                a.setAtIndex(D, j, 1.0); // the top edge
                b.setAtIndex(D, j, 1.0);
            }
        }
        int up = rank - 1;
        int down = rank + 1 < size ? rank + 1 : -1;
        int upRows = up >= 0 ? firstRow(n, size, up + 1) - firstRow(n, size, up) : 0;
        for (int it = 0; it < iterations; it++) {
            if (rows > 0) {
                if (up >= 0) { // my first row becomes the bottom halo (row upRows + 1) of the process above
                    world.putC(a.asSlice(8L * width, 8L * width), width, Datatype.DOUBLE, up,
                            (long) (upRows + 1) * width, width, Datatype.DOUBLE, HALO_TAG);
                }
                if (down >= 0) { // my last row becomes the top halo (row 0) of the process below
                    world.putC(a.asSlice(8L * width * rows, 8L * width), width, Datatype.DOUBLE, down, 0, width,
                            Datatype.DOUBLE, HALO_TAG);
                }
            }
            world.acceptC(a, bytes, 8, HALO_TAG);
            for (int i = 1; i <= rows; i++) {
                for (int j = 1; j <= n; j++) {
                    double v = 0.25 * (a.getAtIndex(D, (long) (i - 1) * width + j) + a.getAtIndex(D, (long) (i + 1) * width + j)
                            + a.getAtIndex(D, (long) i * width + j - 1) + a.getAtIndex(D, (long) i * width + j + 1));
                    b.setAtIndex(D, (long) i * width + j, v);
                }
            }
            MemorySegment t = a;
            a = b;
            b = t;
        }
        double[] out = new double[rows * n];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < n; j++) {
                out[i * n + j] = a.getAtIndex(D, (long) (i + 1) * width + j + 1);
            }
        }
        world.barrier(); // nobody frees memory another may still read
        mpi.rmaFree(a);
        mpi.rmaFree(b);
        return out;
    }

    /** The same iterations on one grid. */
    static double[] serial(int n, int iterations) {
        int width = n + 2;
        double[] a = new double[width * width];
        double[] b = new double[width * width];
        for (int j = 0; j < width; j++) {
            a[j] = 1.0;
            b[j] = 1.0;
        }
        for (int it = 0; it < iterations; it++) {
            for (int i = 1; i <= n; i++) {
                for (int j = 1; j <= n; j++) {
                    b[i * width + j] = 0.25 * (a[(i - 1) * width + j] + a[(i + 1) * width + j] + a[i * width + j - 1]
                            + a[i * width + j + 1]);
                }
            }
            double[] t = a;
            a = b;
            b = t;
        }
        double[] out = new double[n * n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(a, (i + 1) * width + 1, out, i * n, n);
        }
        return out;
    }
}
