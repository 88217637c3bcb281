package org.pgas4j.shmem;

/**
 * The point-to-point synchronisation routines of {@link Shmem} on several elements at once
 * ({@code shmem_wait_until_all}, {@code _any}, {@code _some}, their vector forms and the
 * corresponding tests) on this PE's own symmetric objects, each a call into {@link LocalWaits}.
 * {@link Shmem} is the only subclass; the single-element waits and tests and the signal waits
 * are declared in {@link Shmem} itself, so that those hot paths have no visibility bridge (one
 * more inlining level).
 */
abstract sealed class ShmemSync permits Shmem {
    final LocalWaits waits;

    ShmemSync() {
        this.waits = new LocalWaits((Shmem) this);
    }


    /**
     * {@code shmem_wait_until_all}: waits until every element of {@code ivars} not excluded by
     * {@code status} (true = excluded; null = none excluded) satisfies {@code cmp value}.
     */
    public void waitUntilAll(SymmetricArray ivars, boolean[] status, Cmp cmp, long value) {
        waits.waitAll(ivars, status, cmp, value, null);
    }

    /** {@code shmem_wait_until_any}: waits until some included element satisfies the comparison; returns its index, -1 if all are excluded. */
    public long waitUntilAny(SymmetricArray ivars, boolean[] status, Cmp cmp, long value) {
        return waits.waitAny(ivars, status, cmp, value, null);
    }

    /** {@code shmem_wait_until_some}: waits until at least one included element satisfies it; stores their indices in {@code indices}, returns how many. */
    public int waitUntilSome(SymmetricArray ivars, long[] indices, boolean[] status, Cmp cmp, long value) {
        return waits.waitSome(ivars, indices, status, cmp, value, null);
    }

    /** {@code shmem_wait_until_all_vector}: {@code waitUntilAll} with a comparison value per element. */
    public void waitUntilAllVector(SymmetricArray ivars, boolean[] status, Cmp cmp, long[] values) {
        waits.waitAll(ivars, status, cmp, 0, ShmemChecks.checkValues(ivars, values));
    }

    /** {@code shmem_wait_until_any_vector}. */
    public long waitUntilAnyVector(SymmetricArray ivars, boolean[] status, Cmp cmp, long[] values) {
        return waits.waitAny(ivars, status, cmp, 0, ShmemChecks.checkValues(ivars, values));
    }

    /** {@code shmem_wait_until_some_vector}. */
    public int waitUntilSomeVector(SymmetricArray ivars, long[] indices, boolean[] status, Cmp cmp, long[] values) {
        return waits.waitSome(ivars, indices, status, cmp, 0, ShmemChecks.checkValues(ivars, values));
    }

    /** {@code shmem_test_all}: whether every included element satisfies the comparison now. */
    public boolean testAll(SymmetricArray ivars, boolean[] status, Cmp cmp, long value) {
        return waits.testAll(ivars, status, cmp, value, null);
    }

    /** {@code shmem_test_any}: the index of an included element satisfying it now, or -1. */
    public long testAny(SymmetricArray ivars, boolean[] status, Cmp cmp, long value) {
        return waits.testAny(ivars, status, cmp, value, null);
    }

    /** {@code shmem_test_some}: the indices of included elements satisfying it now, into {@code indices}; returns how many. */
    public int testSome(SymmetricArray ivars, long[] indices, boolean[] status, Cmp cmp, long value) {
        return waits.testSome(ivars, indices, status, cmp, value, null);
    }

    /** {@code shmem_test_all_vector}. */
    public boolean testAllVector(SymmetricArray ivars, boolean[] status, Cmp cmp, long[] values) {
        return waits.testAll(ivars, status, cmp, 0, ShmemChecks.checkValues(ivars, values));
    }

    /** {@code shmem_test_any_vector}. */
    public long testAnyVector(SymmetricArray ivars, boolean[] status, Cmp cmp, long[] values) {
        return waits.testAny(ivars, status, cmp, 0, ShmemChecks.checkValues(ivars, values));
    }

    /** {@code shmem_test_some_vector}. */
    public int testSomeVector(SymmetricArray ivars, long[] indices, boolean[] status, Cmp cmp, long[] values) {
        return waits.testSome(ivars, indices, status, cmp, 0, ShmemChecks.checkValues(ivars, values));
    }
}
