package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * A UCP worker ({@code ucp_worker_h}): the progress engine and the owner of endpoints. It makes
 * progress only when {@link #progress()} is called, and completes requests: {@link #poll(long)}
 * tests one, {@link #await(long, String)} progresses until it is done. Used by one thread at a
 * time unless created with another thread mode.
 *
 * <p><b>Wake-up</b> (a worker created with wake-up events, its context with
 * {@code UCP_FEATURE_WAKEUP}): a thread with nothing to do calls {@link #arm()} after
 * {@link #progress()} returned 0, and when it returns {@link UcsStatus#OK} sleeps in the kernel
 * on the worker's event fd ({@link #waitForEvent(int)}, {@code poll(2)}) until an event arrives,
 * the timeout passes, or another thread calls {@link #signal()}.
 */
public final class UcpWorker implements AutoCloseable {
    private static final Runnable NOTHING = () -> { };

    private final UcpContext context;
    private final MemorySegment handle;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment noParams = arena.allocate(UcpRequestParam.LAYOUT);
    /** {@code struct pollfd} of the event fd: int fd, short events, short revents. */
    private final MemorySegment pollFd = arena.allocate(8, 4);
    private final boolean wakeup;
    private Runnable whileWaiting = NOTHING;
    private volatile boolean open = true;

    private UcpWorker(UcpContext context, MemorySegment handle, boolean wakeup) {
        this.context = context;
        this.handle = handle;
        this.wakeup = wakeup;
    }

    /**
     * Creates a worker.
     *
     * @param wakeupEvents {@code UcpWorkerParams.WAKEUP_*} bits for {@link #arm()} and the event
     *     fd (the context needs {@code UCP_FEATURE_WAKEUP}); 0 for a worker without wake-up
     */
    static UcpWorker create(UcpContext context, int threadMode, int wakeupEvents) {
        UcpWorker w;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment params = arena.allocate(UcpWorkerParams.LAYOUT);
            params.set(JAVA_LONG, UcpWorkerParams.FIELD_MASK, UcpWorkerParams.FIELD_THREAD_MODE
                    | (wakeupEvents != 0 ? UcpWorkerParams.FIELD_EVENTS : 0));
            params.set(JAVA_INT, UcpWorkerParams.THREAD_MODE, threadMode);
            params.set(JAVA_INT, UcpWorkerParams.EVENTS, wakeupEvents);
            MemorySegment out = arena.allocate(ADDRESS);
            byte status = (byte) Ucp.WORKER_CREATE.invokeExact(context.handle(), params, out);
            UcsStatus.check("ucp_worker_create", status);
            w = new UcpWorker(context, out.get(ADDRESS, 0), wakeupEvents != 0);
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_worker_create", t);
        }
        if (w.wakeup) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment fd = arena.allocate(JAVA_INT);
                byte status = (byte) Ucp.WORKER_GET_EFD.invokeExact(w.handle, fd);
                UcsStatus.check("ucp_worker_get_efd", status);
                w.pollFd.set(JAVA_INT, 0, fd.get(JAVA_INT, 0));
                w.pollFd.set(JAVA_SHORT, 4, POLLIN);
            } catch (Throwable t) {
                w.close();
                throw UcpLibrary.failure("ucp_worker_get_efd", t);
            }
        }
        return w;
    }

    /** {@code POLLIN}. */
    private static final short POLLIN = 1;

    /**
     * The worker's event fd ({@code ucp_worker_get_efd}), or -1 for a worker without wake-up.
     *
     * @return the file descriptor; UCX owns it
     */
    public int eventFd() {
        return wakeup ? pollFd.get(JAVA_INT, 0) : -1;
    }

    /**
     * Arms the event fd for the next event ({@code ucp_worker_arm}); call only after
     * {@link #progress()} returned 0. Same threading rule as {@link #progress()}.
     *
     * @return {@link UcsStatus#OK} when the fd will be signalled by the next event,
     *     {@link UcsStatus#ERR_BUSY} when events wait to be progressed first
     * @throws UcxException on any other status
     * @throws IllegalStateException for a worker without wake-up
     */
    public int arm() {
        checkOpen();
        checkWakeup();
        try {
            byte status = (byte) Ucp.WORKER_ARM.invokeExact(handle);
            if (status != UcsStatus.OK && status != UcsStatus.ERR_BUSY) {
                UcsStatus.check("ucp_worker_arm", status);
            }
            return status;
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_worker_arm", t);
        }
    }

    /**
     * Sleeps in the kernel ({@code poll(2)} on the event fd) until the armed fd is signalled,
     * {@link #signal()} is called, or {@code timeoutMillis} pass. Needs no lock: it only waits; the
     * caller progresses afterwards. Allocates nothing.
     *
     * @param timeoutMillis the longest wait; -1 for none
     * @return whether the fd was signalled (false on timeout or an interrupted poll)
     */
    public boolean waitForEvent(int timeoutMillis) {
        checkWakeup();
        if (!open) {
            return false;
        }
        try {
            pollFd.set(JAVA_SHORT, 6, (short) 0);
            int n = (int) Ucp.POLL.invokeExact(pollFd, 1L, timeoutMillis);
            return n > 0;
        } catch (Throwable t) {
            throw UcpLibrary.failure("poll", t);
        }
    }

    /**
     * Wakes a thread sleeping in {@link #waitForEvent(int)} ({@code ucp_worker_signal}); safe from
     * any thread at any time, a no-op once the worker is closed.
     */
    public void signal() {
        if (!wakeup || !open) {
            return;
        }
        try {
            byte status = (byte) Ucp.WORKER_SIGNAL.invokeExact(handle);
            UcsStatus.check("ucp_worker_signal", status);
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_worker_signal", t);
        }
    }

    private void checkWakeup() {
        if (!wakeup) {
            throw new IllegalStateException("the UCP worker was created without wake-up events");
        }
    }

    /**
     * This worker's address, to hand to peers out of band ({@code ucp_worker_get_address}).
     *
     * @return a copy of the packed address bytes
     */
    public byte[] address() {
        checkOpen();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment addressOut = arena.allocate(ADDRESS);
            MemorySegment lengthOut = arena.allocate(JAVA_LONG);
            byte status = (byte) Ucp.WORKER_GET_ADDRESS.invokeExact(handle, addressOut, lengthOut);
            UcsStatus.check("ucp_worker_get_address", status);
            MemorySegment address = addressOut.get(ADDRESS, 0).reinterpret(lengthOut.get(JAVA_LONG, 0));
            byte[] copy = address.toArray(JAVA_BYTE);
            Ucp.WORKER_RELEASE_ADDRESS.invokeExact(handle, address);
            return copy;
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_worker_get_address", t);
        }
    }

    /**
     * Connects to a peer worker by its address ({@code ucp_ep_create}).
     *
     * @param peerAddress what the peer's {@link #address()} returned
     * @param peerErrorHandling whether to ask for {@code UCP_ERR_HANDLING_MODE_PEER}: requests
     *     then fail instead of hanging when the peer dies, at some cost in speed
     * @return the endpoint
     */
    public UcpEndpoint connect(byte[] peerAddress, boolean peerErrorHandling) {
        checkOpen();
        Objects.requireNonNull(peerAddress, "peerAddress");
        return UcpEndpoint.create(this, peerAddress, peerErrorHandling);
    }

    /**
     * Connects to a peer worker by its address with peer error handling and an error callback
     * ({@code ucp_ep_create} with {@code UCP_ERR_HANDLING_MODE_PEER} and {@code err_handler}).
     *
     * @param peerAddress what the peer's {@link #address()} returned
     * @param errorCallback an upcall stub of {@link UcpEpParams#ERR_CALLBACK}, run inside
     *     {@link #progress()} when the connection fails; must outlive the endpoint
     * @param errorArg passed to the callback as its first argument
     * @return the endpoint
     */
    public UcpEndpoint connect(byte[] peerAddress, MemorySegment errorCallback, long errorArg) {
        checkOpen();
        Objects.requireNonNull(peerAddress, "peerAddress");
        Objects.requireNonNull(errorCallback, "errorCallback");
        return UcpEndpoint.create(this, peerAddress, true, errorCallback, errorArg);
    }

    /**
     * Makes progress on every endpoint of this worker once ({@code ucp_worker_progress}).
     *
     * @return the number of events processed; 0 when nothing happened
     */
    public int progress() {
        checkOpen();
        try {
            return (int) Ucp.WORKER_PROGRESS.invokeExact(handle);
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_worker_progress", t);
        }
    }

    /**
     * Installs the receive callback of active-message id {@code id} ({@code ucp_worker_set_am_recv_handler}).
     * The callback runs inside {@link #progress()} on the progressing thread; it must catch every
     * exception (one escaping an upcall ends the VM).
     *
     * @param id the message id senders pass to {@link UcpEndpoint#amSendNbx}
     * @param flags {@code UcpAmParams.FLAG_*} bits
     * @param callback an upcall stub of {@link UcpAmParams#RECV_CALLBACK}; must outlive the worker
     */
    public void setAmHandler(int id, int flags, MemorySegment callback) {
        checkOpen();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment params = arena.allocate(UcpAmParams.HANDLER_LAYOUT);
            params.set(JAVA_LONG, UcpAmParams.FIELD_MASK, UcpAmParams.FIELD_ID | UcpAmParams.FIELD_FLAGS
                    | UcpAmParams.FIELD_CB | UcpAmParams.FIELD_ARG);
            params.set(JAVA_INT, UcpAmParams.ID, id);
            params.set(JAVA_INT, UcpAmParams.FLAGS, flags);
            params.set(ADDRESS, UcpAmParams.CB, callback);
            params.set(ADDRESS, UcpAmParams.ARG, MemorySegment.NULL);
            byte status = (byte) Ucp.WORKER_SET_AM_RECV_HANDLER.invokeExact(handle, params);
            UcsStatus.check("ucp_worker_set_am_recv_handler", status);
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_worker_set_am_recv_handler", t);
        }
    }

    /**
     * Sets work to run in each turn of a blocking wait besides this worker's progress: when two
     * workers share one thread (tests, one JVM playing two processes), the peer's progress.
     *
     * @param task run once per turn; null for nothing
     */
    public void whileWaiting(Runnable task) {
        whileWaiting = task == null ? NOTHING : task;
    }

    /**
     * Tests a request without progressing; frees it once it has completed.
     *
     * @param request a handle returned by an {@code *Nbx} call; 0 means already complete
     * @return {@link UcsStatus#IN_PROGRESS} while pending, otherwise the final status (the
     *     request is then freed and must not be used again)
     */
    public int poll(long request) {
        if (request == 0) {
            return UcsStatus.OK;
        }
        try {
            byte status = (byte) Ucp.REQUEST_CHECK_STATUS.invokeExact(request);
            if (status != UcsStatus.IN_PROGRESS) {
                Ucp.REQUEST_FREE.invokeExact(request);
            }
            return status;
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_request_check_status", t);
        }
    }

    /**
     * Progresses this worker (and {@link #whileWaiting(Runnable)}) until a request completes,
     * then frees it.
     *
     * @param request a handle returned by an {@code *Nbx} call; 0 returns at once
     * @param call the C function that started it, named in the exception
     * @throws UcxException when the request completed with an error
     */
    public void await(long request, String call) {
        int status;
        while ((status = poll(request)) == UcsStatus.IN_PROGRESS) {
            progress();
            whileWaiting.run();
        }
        UcsStatus.check(call, status);
    }

    /**
     * Starts a flush of every endpoint of this worker ({@code ucp_worker_flush_nbx}): when it
     * completes, every operation started before is complete at its target.
     *
     * @return the request, 0 when already complete
     */
    public long flushNbx() {
        checkOpen();
        try {
            return UcsStatus.request("ucp_worker_flush_nbx", (long) Ucp.WORKER_FLUSH_NBX.invokeExact(handle, noParams));
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_worker_flush_nbx", t);
        }
    }

    /**
     * Orders the operations of this worker ({@code ucp_worker_fence}): those started after the
     * call are performed at their targets after those started before. Does not wait.
     *
     * @throws UcxException when UCX refuses
     */
    public void fence() {
        checkOpen();
        byte status;
        try {
            status = (byte) Ucp.WORKER_FENCE.invokeExact(handle);
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_worker_fence", t);
        }
        UcsStatus.check("ucp_worker_fence", status);
    }

    /** Flushes every endpoint of this worker and waits ({@link #flushNbx()} then {@link #await}). */
    public void flush() {
        await(flushNbx(), "ucp_worker_flush_nbx");
    }

    /**
     * The context this worker belongs to.
     *
     * @return the context
     */
    public UcpContext context() {
        return context;
    }

    /**
     * The {@code ucp_worker_h}.
     *
     * @return the native handle
     */
    MemorySegment handle() {
        return handle;
    }

    private void checkOpen() {
        if (!open) {
            throw new IllegalStateException("the UCP worker is closed");
        }
    }

    /** Destroys the worker ({@code ucp_worker_destroy}); close its endpoints first. */
    @Override
    public void close() {
        if (!open) {
            return;
        }
        open = false;
        try {
            Ucp.WORKER_DESTROY.invokeExact(handle);
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_worker_destroy", t);
        } finally {
            arena.close();
        }
    }
}
