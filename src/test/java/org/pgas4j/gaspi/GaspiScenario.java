package org.pgas4j.gaspi;

/** One GASPI conformance check that every rank runs with its own {@link Gaspi}; it leaves no segment, queue or group behind. */
@FunctionalInterface
interface GaspiScenario {
    /** Runs this rank's part; throws on any deviation. */
    void run(Gaspi gaspi) throws Exception;
}
