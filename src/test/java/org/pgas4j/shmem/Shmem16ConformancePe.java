package org.pgas4j.shmem;

/**
 * A PE process of {@link Shmem16ConformanceTest}: runs the named scenario set ({@code all} or
 * {@code ucx}) of {@link Shmem16Scenarios} and prints {@code SCENARIO <name> PASS|FAIL ...} lines.
 */
public final class Shmem16ConformancePe {
    private Shmem16ConformancePe() {
    }

    /** Argument: the scenario set. */
    public static void main(String[] args) {
        try {
            ShmemConformancePe.runAll(Shmem16ConformanceTest.set(args[0]),
                    (name, result) -> System.out.println(ShmemConformancePe.MARK + name + " " + result));
        } catch (Throwable t) {
            System.out.flush();
            System.exit(1);
        }
    }
}
