package org.pgas4j.bench;

/**
 * A main that returns at once, pgas4j left untouched: started the way a PE's JVM is started, it
 * measures what launching, starting and ending a JVM costs by itself ({@code bench startup
 * --pmix}'s floor under {@code srun}).
 */
public final class NoOpMain {
    private NoOpMain() {
    }

    /**
     * Returns.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        // Nothing: the time of the process is the figure.
    }
}
