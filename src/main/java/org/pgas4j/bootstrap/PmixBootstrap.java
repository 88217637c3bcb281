package org.pgas4j.bootstrap;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The bootstrap of a PE whose process a PMIx launcher started ({@code srun --mpi=pmix},
 * Open MPI's {@code mpirun}, PRRTE, Flux): one process per PE, no pgas4j launcher and no shared
 * file system. Calls {@code libpmix} through java.lang.foreign.
 *
 * <p>{@code PMIx_Init} gives the rank; the job size, local rank and size, node id and host name
 * come from the job-level keys. Collectives are {@code PMIx_Put}, {@code PMIx_Commit}, a
 * {@code PMIx_Fence} that collects the data (on a helper thread), then {@code PMIx_Get} of each PE's value; the wait
 * for the fence fails as soon as the job does. PE 0 makes the job id and a secret and hands them
 * over the first fence. A PE that dies is noticed by a registered PMIx event handler (where the
 * host sends the events) and by {@link PeerWatch}: every other PE then fails its waits naming the
 * lost PE, removes the job's shared files and halts with status 1 after a short grace, as under
 * {@code bin/pgas4j run}. {@link #exit} calls {@code PMIx_Abort}, so that the launcher ends the
 * whole job with the program's status.
 */
public final class PmixBootstrap implements Bootstrap {
    /** The variables by which a PMIx launcher shows itself to the processes it starts. */
    static final String RANK_VARIABLE = "PMIX_RANK";
    static final String NAMESPACE_VARIABLE = "PMIX_NAMESPACE";
    static final String SERVER_URI_PREFIX = "PMIX_SERVER_URI";
    /** Set by {@code bin/pgas4j exec}: the file this PE names its shared files' prefix in. */
    static final String EXEC_MARKER_VARIABLE = "PGAS4J_EXEC_MARKER";
    private static final String INIT_KEY = "pgas4j.init";
    private static final String ALLGATHER_KEY = "pgas4j.ag.";
    private static final long POLL_MILLIS = 50;
    private static final long ABORT_WAIT_MILLIS = 5_000;

    private static volatile PmixBootstrap current;
    private static MemorySegment eventCallback;

    private final PmixLibrary pmix;
    private final MemorySegment self;
    private final String namespace;
    private final int rank;
    private int size;
    private NodeLocation location;
    private String jobId;
    private String[] hosts;
    private JobTermination termination;
    private PeerWatch watch;
    private int sequence;
    private volatile String failure;
    private volatile boolean closed;

    private PmixBootstrap(PmixLibrary pmix, MemorySegment self) {
        this.pmix = pmix;
        this.self = self;
        this.namespace = self.getString(0, StandardCharsets.UTF_8);
        this.rank = self.get(JAVA_INT, PmixLibrary.PROC_RANK);
    }

    /**
     * Whether {@code env} is that of a process started by a PMIx launcher: {@code PMIX_RANK} and
     * {@code PMIX_NAMESPACE}, or a {@code PMIX_SERVER_URI*} variable.
     */
    public static boolean detected(Map<String, String> env) {
        if (env.containsKey(RANK_VARIABLE) && env.containsKey(NAMESPACE_VARIABLE)) {
            return true;
        }
        for (String name : env.keySet()) {
            if (name.startsWith(SERVER_URI_PREFIX)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Joins the job through the PMIx server of the launcher that started this process.
     *
     * @throws BootstrapException when libpmix cannot be loaded, a PMIx call fails or PE 0 cannot
     *         be reached
     */
    public static synchronized PmixBootstrap start() {
        PmixLibrary pmix = PmixLibrary.load();
        Arena arena = Arena.global();
        eventCallback();
        MemorySegment proc = arena.allocate(PmixLibrary.PROC);
        int status = pmix.init(proc);
        if (status != PmixLibrary.PMIX_SUCCESS) {
            throw new BootstrapException("PMIx_Init failed: " + pmix.describe(status)
                    + " (was this process started by srun --mpi=pmix or mpirun?)");
        }
        PmixBootstrap b = new PmixBootstrap(pmix, proc);
        current = b;
        try {
            b.join();
        } catch (RuntimeException e) {
            b.abortJob(1, "PE " + b.rank + " could not join the job: " + e.getMessage());
            throw e;
        }
        return b;
    }

    /** The event handler's upcall stub, made once per process (the JDK generates code for it). */
    private static synchronized MemorySegment eventCallback() {
        if (eventCallback == null) {
            try {
                MethodHandles.Lookup lookup = MethodHandles.lookup();
                eventCallback = PmixLibrary.upcall(lookup.findStatic(PmixBootstrap.class, "onEvent",
                        PmixLibrary.NOTIFICATION.toMethodType()), PmixLibrary.NOTIFICATION, Arena.global());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        return eventCallback;
    }

    /**
     * Runs what a PMIx PE's start-up does that needs no PMIx server, for the training run of an
     * AOT cache made by a job that {@code bin/pgas4j run} launched: the event handler's upcall stub,
     * the PMIx library's binding where it is installed, and a peer watch of two ends on loopback.
     * The classes, method handles and profiles these leave in the cache are what a PE under
     * {@code srun --mpi=pmix} or {@code mpirun} would otherwise load and link while it starts.
     */
    public static void trainStartUp() {
        eventCallback();
        try {
            PmixLibrary.load();
        } catch (BootstrapException e) {
            // not installed here: a PMIx PE would not start on this host either
        }
        byte[] key = Entropy.bytes(16);
        PeerWatch.hostAddresses();
        try (PeerWatch zero = PeerWatch.listen(2, key, pe -> { });
             PeerWatch one = PeerWatch.connect(1, 2, key, List.of(new InetSocketAddress(
                     InetAddress.getLoopbackAddress(), zero.port())), pe -> { })) {
            // both ends up; closing says "finalized" as a PE's close does
        } catch (IOException e) {
            // no loopback here: the cache goes without the watch's classes
        }
    }

    /** Reads the job's shape, exchanges credentials and host identities, and connects the watch. */
    private void join() {
        registerEvents();
        size = (int) number(PmixLibrary.PMIX_RANK_WILDCARD, PmixLibrary.KEY_JOB_SIZE, -1);
        if (size < 1 || rank < 0 || rank >= size) {
            throw new BootstrapException("PMIx: rank " + rank + " of a job of " + size + " processes");
        }
        long nodeId = number(rank, PmixLibrary.KEY_NODE_ID, -1);
        Object host = value(rank, PmixLibrary.KEY_HOSTNAME);
        String hostName = host instanceof String s ? s : localHostName();
        byte[] secret = new byte[16];
        String id = null;
        PeerWatch zeroWatch = null;
        if (rank == 0) {
            id = Entropy.hex(8);
            secret = Entropy.bytes(16);
            if (size > 1) {
                try {
                    zeroWatch = PeerWatch.listen(size, secret, this::peerLost);
                } catch (IOException e) {
                    throw new BootstrapException("PE 0: cannot listen for the other PEs: " + e.getMessage(), e);
                }
            }
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeLong(nodeId);
            out.writeUTF(hostName);
            if (rank == 0) {
                out.writeUTF(id);
                out.write(secret);
                out.writeUTF(addressesForPeers());
                out.writeInt(zeroWatch == null ? 0 : zeroWatch.port());
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        byte[][] all = exchange(INIT_KEY, bytes.toByteArray(), "the start-up exchange");
        hosts = new String[size];
        long[] nodeIds = new long[size];
        String zeroAddress = null;
        int zeroPort = 0;
        for (int r = 0; r < size; r++) {
            try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(all[r]))) {
                nodeIds[r] = in.readLong();
                hosts[r] = in.readUTF();
                if (r == 0) {
                    id = in.readUTF();
                    in.readFully(secret);
                    zeroAddress = in.readUTF();
                    zeroPort = in.readInt();
                }
            } catch (IOException e) {
                throw new BootstrapException("PMIx: PE " + r + "'s start-up data is malformed");
            }
        }
        jobId = id;
        location = place(nodeIds, hosts, rank);
        termination = new JobTermination(rank, jobId);
        // A PE ended by a signal (scancel, srun's or mpirun's SIGTERM when another PE failed) before
        // it finalized takes the job's files on its node with it: no launcher of ours is left to.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (!closed || failure != null) {
                ShmFiles.removeJobFiles(jobId);
            }
        }, "pgas4j-pe-" + rank + "-pmix-cleanup"));
        if (size > 1) {
            if (rank == 0) {
                watch = zeroWatch;
            } else {
                boolean sameHost = location.node() == place(nodeIds, hosts, 0).node();
                List<InetSocketAddress> at = new ArrayList<>();
                for (String a : sameHost ? new String[] {InetAddress.getLoopbackAddress().getHostAddress()}
                        : zeroAddress.split(",")) {
                    at.add(new InetSocketAddress(a, zeroPort));
                }
                try {
                    watch = PeerWatch.connect(rank, size, secret, at, this::peerLost);
                } catch (IOException e) {
                    throw new BootstrapException("PE " + rank + ": cannot reach PE 0 on host " + hosts[0] + ": "
                            + e.getMessage(), e);
                }
            }
            fence("the start-up barrier"); // every watch connection is up: a PE's death is noticed from here on
        }
        nameFilesForExec(System.getenv(EXEC_MARKER_VARIABLE));
    }

    /**
     * PE 0's addresses for the other PEs' watch connections: loopback when PMIx says the job has
     * one node (they connect over loopback then anyway), which spares the host name's lookup and
     * the walk over the interfaces (a lookup that can take seconds where name service is slow);
     * otherwise every address of this host ({@link PeerWatch#hostAddresses()}).
     */
    private String addressesForPeers() {
        if (number(PmixLibrary.PMIX_RANK_WILDCARD, PmixLibrary.KEY_NUM_NODES, -1) == 1) {
            return InetAddress.getLoopbackAddress().getHostAddress();
        }
        return PeerWatch.hostAddresses();
    }

    /**
     * Under {@code bin/pgas4j exec}: writes the prefix of this PE's shared files to the file
     * {@code bin/pgas4j} named, which removes them if the PE dies without finalizing.
     */
    private void nameFilesForExec(String marker) {
        if (marker == null || marker.isEmpty()) {
            return;
        }
        try {
            java.nio.file.Files.writeString(java.nio.file.Path.of(marker),
                    ShmFiles.directory().toAbsolutePath().resolve(ShmFiles.jobPrefix(jobId) + rank + "-") + "\n");
        } catch (IOException | RuntimeException e) {
            // bin/pgas4j then removes nothing; the other PEs of this node still do
        }
    }

    /**
     * Where PE {@code r} runs: hosts numbered densely in order of their lowest rank (by PMIx node
     * id, else by host name), the local rank counted among the PEs of its host.
     */
    static NodeLocation place(long[] nodeIds, String[] hosts, int r) {
        Map<String, Integer> nodes = new LinkedHashMap<>();
        int localRank = 0;
        int localSize = 0;
        String mine = nodeKey(nodeIds, hosts, r);
        for (int i = 0; i < hosts.length; i++) {
            String k = nodeKey(nodeIds, hosts, i);
            nodes.putIfAbsent(k, nodes.size());
            if (k.equals(mine)) {
                localSize++;
                if (i < r) {
                    localRank++;
                }
            }
        }
        return new NodeLocation(nodes.get(mine), nodes.size(), localRank, localSize, hosts[r]);
    }

    private static String nodeKey(long[] nodeIds, String[] hosts, int r) {
        return nodeIds[r] >= 0 ? "#" + nodeIds[r] : hosts[r];
    }

    private static String localHostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }

    private void registerEvents() {
        try (Arena arena = Arena.ofConfined()) {
            int[] codes = new int[PmixLibrary.FATAL_EVENTS.size()];
            int i = 0;
            for (int code : PmixLibrary.FATAL_EVENTS.keySet()) {
                codes[i++] = code;
            }
            MemorySegment c = arena.allocateFrom(JAVA_INT, codes);
            MemorySegment info = arena.allocate(PmixLibrary.INFO);
            PmixLibrary.infoString(info, PmixLibrary.KEY_EVENT_HANDLER_NAME, "pgas4j-peer-failure", arena);
            int status = pmix.registerEventHandler(c, codes.length, info, 1, eventCallback);
            if (status < 0) {
                System.err.println("pgas4j: PE " + rank + ": PMIx_Register_event_handler failed ("
                        + pmix.describe(status) + "); a lost PE is still noticed through PE 0");
            }
        }
    }

    /** The PMIx event handler (an upcall from PMIx's progress thread): a fatal event fails the job. */
    @SuppressWarnings("unused")
    private static void onEvent(long id, int status, MemorySegment source, MemorySegment info, long ninfo,
                                MemorySegment results, long nresults, MemorySegment done, MemorySegment doneData) {
        try {
            PmixBootstrap b = current;
            if (b != null && !b.closed) {
                int who = -1;
                if (!source.equals(MemorySegment.NULL)) {
                    who = source.reinterpret(PmixLibrary.PROC.byteSize()).get(JAVA_INT, PmixLibrary.PROC_RANK);
                }
                String event = PmixLibrary.FATAL_EVENTS.getOrDefault(status, "event " + status);
                String reason = who >= 0 && who < b.size && who != b.rank
                        ? b.describePe(who) + " failed (PMIx " + event + ")"
                        : "the PMIx launcher reported " + event;
                b.failAndTerminate(reason, true);
            }
        } catch (Throwable t) {
            // an exception must not unwind into C
        }
        try {
            if (!done.equals(MemorySegment.NULL)) {
                PmixLibrary.eventHandled(done, doneData);
            }
        } catch (Throwable t) {
            // nothing more to tell PMIx
        }
    }

    private String describePe(int pe) {
        String host = hosts != null && hosts[pe] != null ? " on host " + hosts[pe] : "";
        return "PE " + pe + host;
    }

    /** {@link PeerWatch}'s report: PE {@code pe} ended without finalizing. */
    private void peerLost(int pe) {
        failAndTerminate(describePe(pe) + " ended without finalizing (killed, crashed or exited early)", false);
    }

    private void failAndTerminate(String reason, boolean fromPmixThread) {
        synchronized (this) {
            if (closed || failure != null) {
                return;
            }
            failure = reason;
        }
        if (jobId != null) {
            ShmFiles.removeJobFiles(jobId); // nobody else cleans up after a PMIx job
        }
        if (termination == null) {
            return; // still joining: the join's wait throws
        }
        if (fromPmixThread) { // never block PMIx's progress thread
            Thread t = new Thread(() -> termination.terminate(reason, true), "pgas4j-pe-" + rank + "-terminate");
            t.setDaemon(true);
            t.start();
        } else {
            termination.terminate(reason, true); // at once: the PMIx launcher may kill this PE any moment
        }
    }

    private byte[][] exchange(String key, byte[] mine, String what) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment value = arena.allocate(PmixLibrary.VALUE);
            value.set(JAVA_SHORT, 0, PmixLibrary.PMIX_BYTE_OBJECT);
            MemorySegment data = arena.allocate(Math.max(1, mine.length + 1));
            data.set(JAVA_BYTE, 0, (byte) 1); // never an empty object
            MemorySegment.copy(mine, 0, data, JAVA_BYTE, 1, mine.length);
            value.set(ADDRESS, PmixLibrary.VALUE_DATA_OFFSET, data);
            value.set(JAVA_LONG, PmixLibrary.VALUE_DATA_OFFSET + ADDRESS.byteSize(), mine.length + 1);
            MemorySegment k = arena.allocateFrom(key);
            int status = pmix.put(PmixLibrary.PMIX_GLOBAL, k, value);
            check(status, "PMIx_Put of " + what);
            status = pmix.commit();
            check(status, "PMIx_Commit of " + what);
        }
        fence(what);
        byte[][] all = new byte[size][];
        for (int r = 0; r < size; r++) {
            if (!(value(r, key) instanceof byte[] b) || b.length < 1) {
                throw new BootstrapException("PE " + rank + ": " + what + ": PMIx has no value " + key + " of PE " + r);
            }
            all[r] = java.util.Arrays.copyOfRange(b, 1, b.length);
        }
        return all;
    }

    /**
     * A PMIx fence over the whole job, waited for in Java so that a failing job ends the wait: the
     * blocking {@code PMIx_Fence} runs on a helper thread (a completion callback would be an upcall,
     * whose stub costs every PE about 15 ms of CPU to generate at start), which a failed job leaves
     * blocked in it until the process ends.
     *
     * <p>Every fence asks PMIx to collect data, barriers too: Slurm's PMIx plugin completes a fence
     * that collects nothing once the PEs of the node have entered it, without waiting for the
     * other nodes, unless the site set {@code PMIxFenceBarrier} in {@code mpi.conf}. A fence that
     * collects runs Slurm's collective across every node, so it is a barrier of the whole job.
     */
    private void fence(String what) {
        CompletableFuture<Integer> done = new CompletableFuture<>();
        Thread helper = new Thread(() -> {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment proc = arena.allocate(PmixLibrary.PROC);
                MemorySegment.copy(self, 0, proc, 0, PmixLibrary.NSPACE_BYTES);
                proc.set(JAVA_INT, PmixLibrary.PROC_RANK, PmixLibrary.PMIX_RANK_WILDCARD);
                MemorySegment info = arena.allocate(PmixLibrary.INFO);
                PmixLibrary.infoBool(info, PmixLibrary.KEY_COLLECT_DATA, true);
                done.complete(pmix.fence(proc, 1, info, 1));
            } catch (Throwable t) {
                done.completeExceptionally(t);
            }
        }, "pgas4j-pe-" + rank + "-pmix-fence");
        helper.setDaemon(true);
        helper.start();
        boolean interrupted = false;
        try {
            while (true) {
                String why = failure;
                if (why != null) {
                    throw new BootstrapException("PE " + rank + ": " + what + " failed: " + why);
                }
                try {
                    check(done.get(POLL_MILLIS, TimeUnit.MILLISECONDS), "PMIx_Fence of " + what);
                    return;
                } catch (TimeoutException e) {
                    // look at the job again
                } catch (InterruptedException e) {
                    interrupted = true; // a fence cannot be abandoned half-way
                } catch (ExecutionException e) {
                    throw new BootstrapException("PE " + rank + ": PMIx_Fence of " + what + " failed: " + e.getCause(),
                            e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** PMIx_Get of {@code key} for PE {@code r} (or the job, {@link PmixLibrary#PMIX_RANK_WILDCARD}); null when absent. */
    private Object value(int r, String key) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment proc = arena.allocate(PmixLibrary.PROC);
            MemorySegment.copy(self, 0, proc, 0, PmixLibrary.NSPACE_BYTES);
            proc.set(JAVA_INT, PmixLibrary.PROC_RANK, r);
            MemorySegment k = arena.allocateFrom(key);
            MemorySegment out = arena.allocate(ADDRESS);
            int status = pmix.get(proc, k, out);
            if (status != PmixLibrary.PMIX_SUCCESS) {
                return null;
            }
            MemorySegment v = out.get(ADDRESS, 0).reinterpret(PmixLibrary.VALUE.byteSize());
            try {
                return read(v);
            } finally {
                pmix.releaseValue(v);
            }
        }
    }

    /** A {@code pmix_value_t}'s content as a Java value. */
    static Object read(MemorySegment v) {
        long d = PmixLibrary.VALUE_DATA_OFFSET;
        short type = v.get(JAVA_SHORT, 0);
        return switch (type) {
            case PmixLibrary.PMIX_STRING -> {
                MemorySegment s = v.get(ADDRESS, d);
                yield s.equals(MemorySegment.NULL) ? null : s.reinterpret(Long.MAX_VALUE).getString(0, StandardCharsets.UTF_8);
            }
            case PmixLibrary.PMIX_UINT8 -> (long) (v.get(JAVA_BYTE, d) & 0xff);
            case PmixLibrary.PMIX_UINT16 -> (long) (v.get(JAVA_SHORT, d) & 0xffff);
            case PmixLibrary.PMIX_UINT32, PmixLibrary.PMIX_UINT, PmixLibrary.PMIX_PROC_RANK ->
                    v.get(JAVA_INT, d) & 0xffff_ffffL;
            case PmixLibrary.PMIX_INT, PmixLibrary.PMIX_INT32 -> (long) v.get(JAVA_INT, d);
            case PmixLibrary.PMIX_SIZE, PmixLibrary.PMIX_UINT64 -> v.get(JAVA_LONG, d);
            case PmixLibrary.PMIX_BYTE_OBJECT -> {
                MemorySegment p = v.get(ADDRESS, d);
                long n = v.get(JAVA_LONG, d + ADDRESS.byteSize());
                yield n == 0 || p.equals(MemorySegment.NULL) ? new byte[0]
                        : p.reinterpret(n).toArray(JAVA_BYTE);
            }
            default -> null;
        };
    }

    private long number(int r, String key, long absent) {
        Object v = value(r, key);
        return v instanceof Long n ? n : absent;
    }

    private void check(int status, String what) {
        if (status != PmixLibrary.PMIX_SUCCESS) {
            throw new BootstrapException("PE " + rank + ": " + what + " failed: " + pmix.describe(status));
        }
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public String jobId() {
        return jobId;
    }

    /** {@inheritDoc} From PMIx's node ids (or host names), hosts numbered in order of their lowest rank. */
    @Override
    public NodeLocation location() {
        return location;
    }

    /** {@inheritDoc} Through PMIx: put, commit, a fence that collects, and a get per PE. */
    @Override
    public synchronized byte[][] allgather(byte[] mine) {
        checkUsable("allgather");
        return exchange(ALLGATHER_KEY + sequence++, mine, "allgather #" + (sequence - 1));
    }

    /** {@inheritDoc} A PMIx fence that collects (no new data): see {@link #fence}. */
    @Override
    public synchronized void barrier() {
        checkUsable("barrier");
        fence("barrier");
    }

    private void checkUsable(String operation) {
        if (closed) {
            throw new BootstrapException("PE " + rank + ": " + operation + " after close(): the bootstrap is closed");
        }
        String why = failure;
        if (why != null) {
            throw new BootstrapException("PE " + rank + ": " + operation + " failed: " + why);
        }
    }

    @Override
    public boolean healthy() {
        return failure == null;
    }

    @Override
    public String failureReason() {
        return failure;
    }

    /**
     * {@inheritDoc} Removes the job's shared files on this host, asks the PMIx launcher to end the
     * whole job ({@code PMIx_Abort} with {@code status}) and halts with {@code status}.
     */
    @Override
    public void exit(int status, String call) {
        System.out.flush();
        System.err.println("pgas4j: PE " + rank + " " + call + "; the job ends with status " + status);
        System.err.flush();
        synchronized (this) {
            if (failure == null) {
                failure = "PE " + rank + " " + call;
            }
        }
        abortJob(status, "PE " + rank + " " + call);
        if (termination != null) {
            termination.exitNow(status);
        }
        Runtime.getRuntime().halt(status);
    }

    /** Removes this job's files here and calls {@code PMIx_Abort}, waiting a few seconds at most. */
    private void abortJob(int status, String message) {
        if (jobId != null) {
            ShmFiles.removeJobFiles(jobId);
        }
        Thread t = new Thread(() -> {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment m = arena.allocateFrom(message);
                pmix.abort(status, m);
            }
        }, "pgas4j-pe-" + rank + "-abort");
        t.setDaemon(true);
        t.start();
        try {
            t.join(ABORT_WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** {@inheritDoc} Tells PE 0 (or, on PE 0, the others) that this PE finalized, then {@code PMIx_Finalize}. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            if (failure != null) {
                return; // the job failed: the termination ends this PE
            }
        }
        if (watch != null) {
            watch.close();
        }
        if (termination != null) {
            termination.disarm();
        }
        pmix.finalizeClient();
    }
}
