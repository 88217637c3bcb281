package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;

/**
 * A UCP context ({@code ucp_context_h}): the UCX instance of one process-level user, with the
 * features it asked for and the transports its configuration allows. It creates workers and maps
 * memory. Close every worker and memory region before the context.
 */
public final class UcpContext implements AutoCloseable {
    /** The API version this binding was written against ({@code UCP_API_MAJOR}.{@code UCP_API_MINOR}). */
    static final int API_MAJOR = 1;
    static final int API_MINOR = 13;

    private final MemorySegment handle;
    private boolean open = true;
    /**
     * The live regions mapped with this context (copy on write): where a peer's aggregated
     * atomics may land ({@link #registeredRegion}), read by the receive upcall without a lock.
     */
    private volatile MemorySegment[] regions = new MemorySegment[0];

    private UcpContext(MemorySegment handle) {
        this.handle = handle;
    }

    /**
     * Creates a context ({@code ucp_config_read}, {@code ucp_config_modify}, {@code ucp_init_version}).
     *
     * @param features the {@code UcpParams.FEATURE_*} bits wanted, for example
     *     {@code FEATURE_RMA | FEATURE_AMO32 | FEATURE_AMO64}
     * @param settings UCX settings without the {@code UCX_} prefix, applied over the environment
     *     ({@code TLS=tcp}, {@code NET_DEVICES=lo}, ...)
     * @return the context
     * @throws UnsupportedOperationException when UCX is not installed
     * @throws UcxException when UCX rejects a setting or cannot initialise
     */
    public static UcpContext create(long features, Map<String, String> settings) {
        UcpLibrary.require();
        Objects.requireNonNull(settings, "settings");
        try (UcpConfig config = UcpConfig.read(settings); Arena arena = Arena.ofConfined()) {
            MemorySegment params = arena.allocate(UcpParams.LAYOUT);
            params.set(JAVA_LONG, UcpParams.FIELD_MASK, UcpParams.FIELD_FEATURES);
            params.set(JAVA_LONG, UcpParams.FEATURES, features);
            MemorySegment out = arena.allocate(ADDRESS);
            byte status = (byte) Ucp.INIT_VERSION.invokeExact(API_MAJOR, API_MINOR, params, config.handle(), out);
            UcsStatus.check("ucp_init_version", status);
            return new UcpContext(out.get(ADDRESS, 0));
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_init_version", t);
        }
    }

    /**
     * Creates a worker used by one thread at a time ({@code UCS_THREAD_MODE_SINGLE}).
     *
     * @return the worker
     */
    public UcpWorker createWorker() {
        return createWorker(UcpWorkerParams.THREAD_MODE_SINGLE);
    }

    /**
     * Creates a worker ({@code ucp_worker_create}).
     *
     * @param threadMode one of {@code UcpWorkerParams.THREAD_MODE_*}
     * @return the worker
     */
    public UcpWorker createWorker(int threadMode) {
        checkOpen();
        return UcpWorker.create(this, threadMode, 0);
    }

    /**
     * Creates a worker with wake-up ({@code ucp_worker_create} with {@code events}): its event fd
     * is signalled by the given events once armed ({@link UcpWorker#arm()}). The context must
     * have been created with {@code UcpParams.FEATURE_WAKEUP}.
     *
     * @param threadMode one of {@code UcpWorkerParams.THREAD_MODE_*}
     * @param wakeupEvents {@code UcpWorkerParams.WAKEUP_*} bits, not 0
     * @return the worker
     */
    public UcpWorker createWorker(int threadMode, int wakeupEvents) {
        checkOpen();
        if (wakeupEvents == 0) {
            throw new IllegalArgumentException("wakeupEvents is 0; use createWorker(threadMode) for a worker without wake-up");
        }
        return UcpWorker.create(this, threadMode, wakeupEvents);
    }

    /**
     * Lets UCX allocate and register {@code length} bytes ({@code ucp_mem_map} with
     * {@code UCP_MEM_MAP_ALLOCATE}); over shared memory, peers then reach it by direct load/store.
     *
     * @param length bytes, positive
     * @return the registered region with its packed remote key
     */
    public UcpMemory allocate(long length) {
        checkOpen();
        if (length <= 0) {
            throw new IllegalArgumentException("length must be positive: " + length);
        }
        return UcpMemory.map(this, MemorySegment.NULL, length, UcpMemMapParams.FLAG_ALLOCATE);
    }

    /**
     * Registers memory the caller already owns ({@code ucp_mem_map} without allocation). The
     * memory must stay alive until the region is closed.
     *
     * @param memory a native segment, not empty
     * @return the registered region with its packed remote key
     */
    public UcpMemory register(MemorySegment memory) {
        checkOpen();
        if (!memory.isNative() || memory.byteSize() == 0) {
            throw new IllegalArgumentException("only a non-empty native segment can be registered: " + memory);
        }
        return UcpMemory.map(this, memory, memory.byteSize(), 0);
    }

    /** Records a region just mapped ({@link UcpMemory#map}). */
    synchronized void track(MemorySegment region) {
        MemorySegment[] r = Arrays.copyOf(regions, regions.length + 1);
        r[r.length - 1] = region;
        regions = r;
    }

    /** Forgets a region about to be unmapped ({@link UcpMemory#close}). */
    synchronized void untrack(MemorySegment region) {
        MemorySegment[] r = regions;
        for (int i = 0; i < r.length; i++) {
            if (r[i] == region) {
                MemorySegment[] less = new MemorySegment[r.length - 1];
                System.arraycopy(r, 0, less, 0, i);
                System.arraycopy(r, i + 1, less, i, r.length - i - 1);
                regions = less;
                return;
            }
        }
    }

    /**
     * The live region mapped with this context that holds the {@code size} bytes at virtual
     * address {@code address}, or null when none does (a peer's remote address is this process's
     * virtual address).
     */
    MemorySegment registeredRegion(long address, int size) {
        for (MemorySegment r : regions) {
            long offset = address - r.address();
            if (offset >= 0 && offset <= r.byteSize() - size) {
                return r;
            }
        }
        return null;
    }

    /**
     * The {@code ucp_context_h}.
     *
     * @return the native handle
     */
    MemorySegment handle() {
        return handle;
    }

    private void checkOpen() {
        if (!open) {
            throw new IllegalStateException("the UCP context is closed");
        }
    }

    /** Releases the context ({@code ucp_cleanup}); its workers and memory must be closed already. */
    @Override
    public void close() {
        if (!open) {
            return;
        }
        open = false;
        try {
            Ucp.CLEANUP.invokeExact(handle);
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_cleanup", t);
        }
    }
}
