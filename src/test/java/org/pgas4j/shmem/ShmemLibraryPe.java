package org.pgas4j.shmem;

import java.util.Map;
import java.util.function.BiConsumer;

/**
 * A PE of {@link ShmemLibraryConformanceTest}: starts OpenSHMEM with {@code initThread(MULTIPLE)}
 * and runs {@link LibraryScenarios}, printing {@code SCENARIO <name> PASS|FAIL ...} lines.
 */
public final class ShmemLibraryPe {
    private ShmemLibraryPe() {
    }

    /** No arguments. */
    public static void main(String[] args) {
        try {
            runAll((name, result) -> System.out.println(ShmemConformancePe.MARK + name + " " + result));
        } catch (Throwable t) {
            System.out.flush();
            System.exit(1);
        }
    }

    static void runAll(BiConsumer<String, String> report) throws Exception {
        Map<String, ShmemScenario> set = LibraryScenarios.all();
        try (Shmem shmem = Shmem.initThread(ThreadLevel.MULTIPLE)) {
            ShmemConformancePe.runEach(shmem, set, report);
        }
    }
}
