package org.pgas4j;

/**
 * A kind of memory a segment can live in (GASNet-EX's {@code gex_MK_t}): it decides how the
 * runtime allocates, maps and copies the memory. {@link #HOST} is predefined; device and file
 * kinds are created at run time.
 */
public interface MemoryKind {

    /** Ordinary host memory ({@code GEX_MK_HOST}). */
    MemoryKind HOST = new MemoryKind() {
        @Override
        public String className() {
            return "HOST";
        }

        @Override
        public int id() {
            return 0;
        }

        @Override
        public String toString() {
            return "HOST";
        }
    };

    /** The kind's class, for example {@code HOST}. */
    String className();

    /** A small number naming the kind within this process; 0 for {@link #HOST}. */
    int id();

    /**
     * Whether the kind is device memory, which seed 000 section 3.6 rule 5 keeps off the
     * primordial endpoint. False for {@link #HOST}.
     */
    default boolean isDevice() {
        return false;
    }
}
