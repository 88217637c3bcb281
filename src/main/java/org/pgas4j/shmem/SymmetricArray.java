package org.pgas4j.shmem;

/**
 * A symmetric data object: an array of {@link #length()} elements of one {@link ShmemType} that
 * exists at the same place in one memory space on every PE of the space's team. It is how this
 * facade names what OpenSHMEM names by a symmetric address: RMA, atomics and collectives take
 * (object, element index, PE), never raw addresses, so every access is bounds-checked.
 *
 * <p>{@link #slice} gives a view of part of an allocation (OpenSHMEM's pointer arithmetic on a
 * symmetric address); only a whole allocation can be freed or reallocated. A handle belongs to
 * the PE that allocated it and must not be handed to another PE's {@link Shmem}.
 */
public final class SymmetricArray {
    private final Allocation allocation;
    private final long first;   // element index within the allocation
    private final long length;
    private final long segmentBase; // segment offset of element 0 of this view, and the element size:
    private final int elementSize;  // what the hot paths read to place an element

    private SymmetricArray(Allocation allocation, long first, long length) {
        this.allocation = allocation;
        this.first = first;
        this.length = length;
        this.elementSize = allocation.size;
        this.segmentBase = allocation.segmentOffset + first * elementSize;
    }

    static SymmetricArray whole(MemorySpace space, long byteOffset, ShmemType type, long length, long serial) {
        return new SymmetricArray(new Allocation(space, byteOffset, type, length, serial), 0, length);
    }

    /** The element type. */
    public ShmemType type() {
        return allocation.type;
    }

    /** Number of elements. */
    public long length() {
        return length;
    }

    /** Size in bytes ({@code length() * type().size()}). */
    public long byteSize() {
        return length * allocation.type.size();
    }

    /**
     * The memory space this object was allocated from ({@code shmem_get_space}, seed 001).
     *
     * @throws IllegalStateException if the allocation has been freed
     */
    public MemorySpace space() {
        checkLive("space");
        return allocation.space;
    }

    /** Whether this is a view of a whole allocation (and so can be freed or reallocated). */
    public boolean isWholeAllocation() {
        return first == 0 && length == allocation.length();
    }

    /** Whether the allocation behind this object has been freed (by free, realloc or space destroy). */
    public boolean isFreed() {
        return allocation.freed;
    }

    /**
     * A view of elements {@code [from, from + count)} of this object: the symmetric address
     * {@code addr + from} of C, with its extent.
     *
     * @throws IndexOutOfBoundsException if the range is not within {@code [0, length())}
     */
    public SymmetricArray slice(long from, long count) {
        if (from < 0 || count < 0 || from > length - count) {
            throw new IndexOutOfBoundsException("slice [" + from + ", " + from + " + " + count + ") of " + this);
        }
        return new SymmetricArray(allocation, first + from, count);
    }

    /** Byte offset of element {@code index} within the segment that holds the space, on any member PE. */
    long segmentOffset(long index) {
        return segmentBase + index * elementSize;
    }

    /** Byte offset of element {@code index} within the space's memory on any member PE. */
    long byteOffset(long index) {
        return allocation.byteOffset + (first + index) * allocation.type.size();
    }

    Allocation allocation() {
        return allocation;
    }

    void checkLive(String routine) {
        if (allocation.freed) {
            throw new IllegalStateException(routine + ": " + this + " was freed; using it is undefined in "
                    + "OpenSHMEM and refused here");
        }
    }

    @Override
    public String toString() {
        return "SymmetricArray[" + allocation.type.typeName() + " x " + length
                + (first == 0 ? "" : " at element " + first) + " of allocation #" + allocation.serial
                + " in " + allocation.space.describe() + (allocation.freed ? ", freed" : "") + "]";
    }

    /** One allocation: what every view of it shares. */
    static final class Allocation {
        final MemorySpace space;
        final long byteOffset;
        final ShmemType type;
        final long elements;
        final long serial;
        /** {@code space.segmentBase + byteOffset} and the element size: the hot paths' copies. */
        final long segmentOffset;
        final int size;
        /**
         * The type's carrier and {@link ShmemType#amoFamilies()}, for the hot paths' type checks;
         * null and 0 once freed, so that those checks also refuse a freed allocation.
         */
        org.pgas4j.DataType carrier;
        int amoFamilies;
        final org.pgas4j.AtomicType atomicType;
        boolean freed;

        Allocation(MemorySpace space, long byteOffset, ShmemType type, long elements, long serial) {
            this.space = space;
            this.byteOffset = byteOffset;
            this.type = type;
            this.segmentOffset = space.segmentBase + byteOffset;
            this.size = type.size();
            this.carrier = type.carrier();
            this.amoFamilies = type.amoFamilies();
            this.atomicType = type.atomicType();
            this.elements = elements;
            this.serial = serial;
        }

        long length() {
            return elements;
        }

        /** Marks the allocation freed (free, realloc, the free before a space destroy). */
        void free() {
            freed = true;
            carrier = null;
            amoFamilies = 0;
        }
    }
}
