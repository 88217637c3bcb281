package org.pgas4j.bootstrap;

import static org.pgas4j.bootstrap.RendezvousProtocol.ABORT;
import static org.pgas4j.bootstrap.RendezvousProtocol.CHALLENGE;
import static org.pgas4j.bootstrap.RendezvousProtocol.CONTRIBUTE;
import static org.pgas4j.bootstrap.RendezvousProtocol.FINALIZE;
import static org.pgas4j.bootstrap.RendezvousProtocol.FINALIZED;
import static org.pgas4j.bootstrap.RendezvousProtocol.HELLO;
import static org.pgas4j.bootstrap.RendezvousProtocol.KIND_ALLGATHER;
import static org.pgas4j.bootstrap.RendezvousProtocol.KIND_BARRIER;
import static org.pgas4j.bootstrap.RendezvousProtocol.MAC_BYTES;
import static org.pgas4j.bootstrap.RendezvousProtocol.MAGIC;
import static org.pgas4j.bootstrap.RendezvousProtocol.MAX_FRAME;
import static org.pgas4j.bootstrap.RendezvousProtocol.MAX_HANDSHAKE_FRAME;
import static org.pgas4j.bootstrap.RendezvousProtocol.NONCE_BYTES;
import static org.pgas4j.bootstrap.RendezvousProtocol.REFUSE;
import static org.pgas4j.bootstrap.RendezvousProtocol.REJOIN;
import static org.pgas4j.bootstrap.RendezvousProtocol.REJOINED;
import static org.pgas4j.bootstrap.RendezvousProtocol.RESULT;
import static org.pgas4j.bootstrap.RendezvousProtocol.VERSION;
import static org.pgas4j.bootstrap.RendezvousProtocol.WELCOME;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The PE side of the launcher's bootstrap: one authenticated TCP connection to the launcher's
 * rendezvous server (over loopback, or over the network when the job spans hosts), through which
 * collectives go (see {@link RendezvousProtocol}).
 *
 * <p>A daemon watchdog thread reads the connection for the whole life of the PE. When the launcher
 * aborts the job or the connection is lost (the launcher exited or was killed), {@link #healthy()}
 * turns false, blocked collectives throw {@link BootstrapException} naming the reason, and after a
 * grace of about a second the PE prints {@code pgas4j: PE <rank>: <reason>; exiting} to stderr,
 * removes the job's shared files and halts with status 1, so no PE outlives its job.
 *
 * <p>{@link #close()} finalizes this PE but keeps the connection: a program that initialises again
 * (OpenSHMEM's repeated init/finalize pairs) calls {@link #rejoin()}, and the PE takes part in the
 * job once more with the same rank. While finalized, the PE is not ended by a lost launcher or a
 * failed job; a later {@link #rejoin()} throws instead.
 */
public final class SocketBootstrap implements Bootstrap {
    private static final int CONNECT_TIMEOUT_MILLIS = 10_000;
    /** How long the exit hook waits for the watchdog to leave its read. */
    private static final long EXIT_JOIN_MILLIS = 200;
    private static final int HANDSHAKE_TIMEOUT_MILLIS = 30_000;
    private static final long CLOSE_ACK_TIMEOUT_MILLIS = 5_000;
    /** How long {@link #exit} waits for the launcher's abort before halting anyway. */
    static final long EXIT_WAIT_MILLIS = 5_000;

    private final int rank;
    private final int size;
    private final NodeLocation location;
    private final String jobId;
    private final String rendezvous;
    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;
    private final JobTermination termination;

    /** Serialises collectives: one at a time, in program order. */
    private final ReentrantLock collectiveLock = new ReentrantLock();
    private int sequence;

    /** Guards the fields below; {@link #changed} is signalled whenever one of them changes. */
    private final ReentrantLock stateLock = new ReentrantLock();
    private final Condition changed = stateLock.newCondition();
    private byte[][] result;
    private int resultSequence = -1;
    private boolean finalizeAcknowledged;
    private boolean closed;
    /** Whether a {@link #rejoin()} waits for the launcher's answer. */
    private boolean rejoinAsked;
    /** The launcher's answer to that {@link #rejoin()}: null before it, "" accepted, else the refusal. */
    private String rejoinAnswer;
    /** How many times this PE has joined the job (its init number). */
    private int inits = 1;
    private volatile String failure;
    /** Set by the exit hook: the connection's end is the process's, not a failure to report. */
    private volatile boolean exiting;
    private volatile java.util.function.Supplier<byte[]> countersOnAbort;

    private SocketBootstrap(int rank, int size, NodeLocation location, String jobId, String rendezvous,
                            Socket socket, DataInputStream in, DataOutputStream out) {
        this.rank = rank;
        this.size = size;
        this.location = location;
        this.jobId = jobId;
        this.rendezvous = rendezvous;
        this.socket = socket;
        this.in = in;
        this.out = out;
        this.termination = new JobTermination(rank, jobId);
    }

    /**
     * Joins the job described by the launcher's environment variables (see
     * {@link LaunchEnvironment}): connects to the rendezvous, proves knowledge of the job secret,
     * and starts the watchdog.
     *
     * @param env the process environment, normally {@link System#getenv()}
     * @throws BootstrapException when a variable is missing or malformed, the rendezvous is not a
     *         loopback address (in a job on one host) or cannot be reached, or the launcher refuses
     *         this PE (for example because of a wrong secret)
     */
    public static SocketBootstrap fromEnvironment(Map<String, String> env) {
        return fromEnvironment(env, System.in);
    }

    /**
     * {@link #fromEnvironment(Map)}, reading the secret from {@code stdin} when
     * {@link LaunchEnvironment#SECRET_ON_STDIN} says it comes that way.
     *
     * @param env the process environment
     * @param stdin the process's standard input
     * @throws BootstrapException as {@link #fromEnvironment(Map)}
     */
    public static SocketBootstrap fromEnvironment(Map<String, String> env, java.io.InputStream stdin) {
        int size = intVariable(env, LaunchEnvironment.SIZE, 1, Integer.MAX_VALUE);
        int rank = intVariable(env, LaunchEnvironment.RANK, 0, size - 1);
        NodeLocation location = NodeLocation.fromEnvironment(env, rank, size);
        boolean spansHosts = env.containsKey(LaunchEnvironment.NODES);
        String jobId = variable(env, LaunchEnvironment.JOB_ID);
        if (!jobId.matches("[0-9a-f]{16}")) {
            throw new BootstrapException(LaunchEnvironment.JOB_ID + "='" + jobId
                    + "' is not 16 lowercase hexadecimal digits; start PEs with bin/pgas4j run");
        }
        byte[] key;
        try {
            String secret = env.get(LaunchEnvironment.SECRET) == null
                    && "1".equals(env.get(LaunchEnvironment.SECRET_ON_STDIN))
                    ? StdinSecret.read(stdin) : variable(env, LaunchEnvironment.SECRET);
            key = RendezvousProtocol.secretKey(secret);
        } catch (IllegalArgumentException e) {
            throw new BootstrapException(LaunchEnvironment.SECRET + " is malformed: " + e.getMessage());
        }
        InetSocketAddress address = rendezvousAddress(variable(env, LaunchEnvironment.RENDEZVOUS), spansHosts);
        return connect(rank, size, location, jobId, key, address);
    }

    private static SocketBootstrap connect(int rank, int size, NodeLocation location, String jobId, byte[] key,
                                           InetSocketAddress address) {
        String where = address.getHostString() + ":" + address.getPort();
        Socket socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            KeepAlive.enable(socket); // a launcher host that vanishes is noticed in seconds
            socket.connect(address, CONNECT_TIMEOUT_MILLIS);
            socket.setSoTimeout(HANDSHAKE_TIMEOUT_MILLIS);
            DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
            handshake(rank, size, key, where, in, out);
            socket.setSoTimeout(0);
            SocketBootstrap b = new SocketBootstrap(rank, size, location, jobId, where, socket, in, out);
            b.startWatchdog();
            return b;
        } catch (SocketTimeoutException e) {
            closeQuietly(socket);
            throw new BootstrapException("PE " + rank + ": the launcher's rendezvous at " + where
                    + " did not answer within " + HANDSHAKE_TIMEOUT_MILLIS / 1000 + " s", e);
        } catch (IOException e) {
            closeQuietly(socket);
            throw new BootstrapException("PE " + rank + ": cannot join the job through the launcher's rendezvous at "
                    + where + ": " + e.getMessage() + " (is the launcher still running?)", e);
        } catch (RuntimeException e) {
            closeQuietly(socket);
            throw e;
        }
    }

    private static void handshake(int rank, int size, byte[] key, String where, DataInputStream in,
                                  DataOutputStream out) throws IOException {
        RendezvousProtocol.Frame challenge = RendezvousProtocol.read(in, MAX_HANDSHAKE_FRAME);
        byte[] launcherNonce = new byte[NONCE_BYTES];
        try {
            ByteBuffer b = challenge.buffer();
            if (challenge.type() != CHALLENGE || b.getInt() != MAGIC) {
                throw new BootstrapException("PE " + rank + ": " + where + " is not a pgas4j rendezvous");
            }
            int version = b.getInt();
            if (version != VERSION) {
                throw new BootstrapException("PE " + rank + ": the launcher speaks rendezvous protocol " + version
                        + ", this PE speaks " + VERSION + "; use the same pgas4j version for both");
            }
            b.get(launcherNonce);
        } catch (BufferUnderflowException e) {
            throw new BootstrapException("PE " + rank + ": malformed challenge from " + where);
        }
        long pid = ProcessHandle.current().pid();
        byte[] peNonce = RendezvousProtocol.nonce();
        ByteBuffer hello = ByteBuffer.allocate(4 + 4 + 4 + 8 + NONCE_BYTES + MAC_BYTES);
        hello.putInt(MAGIC).putInt(VERSION).putInt(rank).putLong(pid).put(peNonce)
                .put(RendezvousProtocol.helloTag(key, launcherNonce, rank, pid, peNonce));
        RendezvousProtocol.write(out, HELLO, hello.array());

        RendezvousProtocol.Frame answer;
        try {
            answer = RendezvousProtocol.read(in, MAX_HANDSHAKE_FRAME);
        } catch (EOFException e) {
            throw new BootstrapException("PE " + rank + ": the launcher closed the rendezvous connection during the handshake");
        }
        if (answer.type() == REFUSE) {
            throw new BootstrapException("PE " + rank + ": the launcher refused to let this PE join the job: " + answer.text());
        }
        if (answer.type() == ABORT) {
            throw new BootstrapException("PE " + rank + ": the job was aborted before this PE joined: " + answer.text());
        }
        try {
            ByteBuffer b = answer.buffer();
            int jobSize = b.getInt();
            byte[] tag = new byte[MAC_BYTES];
            b.get(tag);
            if (answer.type() != WELCOME
                    || !MessageDigest.isEqual(tag, RendezvousProtocol.welcomeTag(key, peNonce, rank))) {
                throw new BootstrapException("PE " + rank + ": the rendezvous at " + where
                        + " did not prove that it knows the job secret; not joining");
            }
            if (jobSize != size) {
                throw new BootstrapException("PE " + rank + ": the launcher says the job has " + jobSize
                        + " PEs but " + LaunchEnvironment.SIZE + " says " + size);
            }
        } catch (BufferUnderflowException e) {
            throw new BootstrapException("PE " + rank + ": malformed answer from " + where);
        }
    }

    private void startWatchdog() {
        Thread t = new Thread(this::watch, "pgas4j-pe-" + rank + "-watchdog");
        t.setDaemon(true);
        t.start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> endWatchdogForExit(t), "pgas4j-pe-" + rank + "-exit"));
    }

    /**
     * At the JVM's exit: closes the connection and lets the watchdog end. A thread still blocked in
     * its socket read is in native code, and the JVM's last safepoint waits up to 300 ms for such
     * threads before it exits: every PE's exit took that long (2-PE jobs 0.72 s instead of 0.4).
     * The connection closes a moment earlier than the process would close it anyway.
     */
    private void endWatchdogForExit(Thread watchdog) {
        exiting = true;
        closeQuietly(socket);
        try {
            watchdog.join(EXIT_JOIN_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The watchdog loop: delivers results and acknowledgements; on abort or loss, fails the job. */
    private void watch() {
        String reason;
        try {
            while (true) {
                RendezvousProtocol.Frame f = RendezvousProtocol.read(in, MAX_FRAME);
                if (f.type() == RESULT) {
                    deliverResult(f);
                } else if (f.type() == FINALIZED) {
                    acknowledgeFinalize();
                } else if (f.type() == REJOINED) {
                    acceptRejoin(f);
                } else if (f.type() == REFUSE && refuseRejoin(f.text())) {
                    continue; // finalized: the launcher fails the job, and its teardown ends this process
                } else if (f.type() == ABORT) {
                    reason = "the launcher aborted the job: " + f.text();
                    sendCountersOnAbort();
                    break;
                } else {
                    reason = "protocol error: unexpected frame type " + f.type() + " from the launcher";
                    break;
                }
            }
        } catch (EOFException e) {
            reason = "lost the connection to the launcher (it exited or was killed)";
        } catch (IOException | BootstrapException e) {
            reason = "lost the connection to the launcher: " + e.getMessage();
        }
        if (exiting || !fail(reason)) {
            return;
        }
        termination.terminate(reason);
    }

    /** The launcher aborts the job: its report gets this PE's counters so far, if statistics are on. */
    private void sendCountersOnAbort() {
        java.util.function.Supplier<byte[]> counters = countersOnAbort;
        if (counters == null) {
            return;
        }
        try {
            byte[] data = counters.get();
            synchronized (out) {
                RendezvousProtocol.write(out, RendezvousProtocol.STATS, data);
            }
        } catch (IOException | RuntimeException e) {
            // The report names this PE's counters as missing.
        }
    }

    /**
     * {@inheritDoc} Sends {@link RendezvousProtocol#EXIT} and waits up to {@link #EXIT_WAIT_MILLIS}
     * for the launcher's abort (so that the launcher hears of the exit before it sees this process
     * end), then removes the job's files and halts with {@code status}.
     */
    @Override
    public void exit(int status, String call) {
        byte[] text = RendezvousProtocol.text(call);
        byte[] payload = java.nio.ByteBuffer.allocate(4 + text.length).putInt(status).put(text).array();
        try {
            synchronized (out) {
                RendezvousProtocol.write(out, RendezvousProtocol.EXIT, payload);
            }
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(EXIT_WAIT_MILLIS);
            stateLock.lock();
            try {
                while (failure == null && !closed) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        break;
                    }
                    changed.awaitNanos(left);
                }
            } finally {
                stateLock.unlock();
            }
        } catch (IOException e) {
            System.err.println("pgas4j: PE " + rank + " " + call + " but the launcher cannot be told: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        termination.exitNow(status);
    }

    @Override
    public void statisticsOnAbort(java.util.function.Supplier<byte[]> counters) {
        countersOnAbort = counters;
    }

    /**
     * Records the failure and wakes waiters; returns false when the PE had finalized (it is not
     * ended then: a later {@link #rejoin()} throws with the reason).
     */
    private boolean fail(String reason) {
        stateLock.lock();
        try {
            if (failure == null) {
                failure = reason;
            }
            changed.signalAll();
            return !closed;
        } finally {
            stateLock.unlock();
        }
    }

    private void deliverResult(RendezvousProtocol.Frame f) {
        byte[][] values;
        int seq;
        try {
            ByteBuffer b = f.buffer();
            seq = b.getInt();
            int count = b.getInt();
            if (count != size) {
                throw new BootstrapException("protocol error: a collective result has " + count + " entries for " + size + " PEs");
            }
            values = new byte[count][];
            for (int i = 0; i < count; i++) {
                values[i] = new byte[b.getInt()];
                b.get(values[i]);
            }
        } catch (BufferUnderflowException | NegativeArraySizeException e) {
            throw new BootstrapException("protocol error: malformed collective result");
        }
        stateLock.lock();
        try {
            result = values;
            resultSequence = seq;
            changed.signalAll();
        } finally {
            stateLock.unlock();
        }
    }

    /** The launcher accepted a {@link #rejoin()}: this PE takes part again, its collectives numbered from 0. */
    private void acceptRejoin(RendezvousProtocol.Frame f) {
        stateLock.lock();
        try {
            if (!rejoinAsked || rejoinAnswer != null || f.payload().length != Integer.BYTES) {
                throw new BootstrapException("protocol error: an unexpected rejoin answer from the launcher");
            }
            inits = f.buffer().getInt();
            termination.rearm(); // before this thread reads anything else: an ABORT now ends the PE
            closed = false;
            finalizeAcknowledged = false;
            result = null;
            resultSequence = -1;
            rejoinAnswer = "";
            changed.signalAll();
        } finally {
            stateLock.unlock();
        }
    }

    /** The launcher refused a {@link #rejoin()}; returns false when none was asked for. */
    private boolean refuseRejoin(String reason) {
        stateLock.lock();
        try {
            if (!rejoinAsked || rejoinAnswer != null) {
                return false;
            }
            rejoinAnswer = reason.isEmpty() ? "no reason given" : reason;
            changed.signalAll();
            return true;
        } finally {
            stateLock.unlock();
        }
    }

    private void acknowledgeFinalize() {
        stateLock.lock();
        try {
            finalizeAcknowledged = true;
            changed.signalAll();
        } finally {
            stateLock.unlock();
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

    /** {@inheritDoc} As the launcher placed this PE ({@link LaunchEnvironment#NODE} and the others). */
    @Override
    public NodeLocation location() {
        return location;
    }

    /** {@inheritDoc} Goes through the launcher: slow, for start-up exchanges only. */
    @Override
    public byte[][] allgather(byte[] mine) {
        return collective(KIND_ALLGATHER, mine.clone(), "allgather");
    }

    /** {@inheritDoc} Goes through the launcher: slow, for start-up and shut-down only. */
    @Override
    public void barrier() {
        collective(KIND_BARRIER, new byte[0], "barrier");
    }

    private byte[][] collective(byte kind, byte[] mine, String name) {
        collectiveLock.lock();
        try {
            int seq = sequence;
            stateLock.lock();
            try {
                checkUsable(name);
            } finally {
                stateLock.unlock();
            }
            ByteBuffer b = ByteBuffer.allocate(4 + 1 + mine.length);
            b.putInt(seq).put(kind).put(mine);
            send(CONTRIBUTE, b.array(), name);
            byte[][] values;
            stateLock.lock();
            try {
                boolean interrupted = false;
                while (resultSequence != seq && failure == null) {
                    try {
                        changed.await();
                    } catch (InterruptedException e) {
                        interrupted = true; // a collective cannot be abandoned half-way; finish it
                    }
                }
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
                if (resultSequence != seq) {
                    throw new BootstrapException("PE " + rank + ": " + name + " #" + seq
                            + (inits > 1 ? " of init #" + inits : "") + " failed: " + failure);
                }
                values = result;
                result = null;
            } finally {
                stateLock.unlock();
            }
            sequence = seq + 1;
            return values;
        } finally {
            collectiveLock.unlock();
        }
    }

    /** Caller holds {@link #stateLock}. */
    private void checkUsable(String operation) {
        if (closed) {
            throw new BootstrapException("PE " + rank + ": " + operation + " after close(): the bootstrap is closed");
        }
        if (failure != null) {
            throw new BootstrapException("PE " + rank + ": " + operation + " failed: " + failure);
        }
    }

    private void send(byte type, byte[] payload, String operation) {
        try {
            synchronized (out) {
                RendezvousProtocol.write(out, type, payload);
            }
        } catch (IOException e) {
            fail("lost the connection to the launcher: " + e.getMessage());
            throw new BootstrapException("PE " + rank + ": " + operation + " failed: lost the connection to the launcher at "
                    + rendezvous + ": " + e.getMessage(), e);
        }
    }

    /** {@inheritDoc} Sends them to the launcher, which writes the job's report. */
    @Override
    public boolean sendStatistics(byte[] counters) {
        collectiveLock.lock();
        try {
            send(RendezvousProtocol.STATS, counters, "statistics");
        } catch (BootstrapException e) {
            // The launcher reports this PE's counters as missing.
        } finally {
            collectiveLock.unlock();
        }
        return true;
    }

    @Override
    public boolean healthy() {
        return failure == null;
    }

    /**
     * The reason the job failed, or null while it is healthy.
     *
     * @return a sentence naming the failed PE or the lost launcher
     */
    @Override
    public String failureReason() {
        return failure;
    }

    /**
     * {@inheritDoc} Waits (at most a few seconds) until the launcher has recorded the finalization,
     * so that this PE's exit right after is not taken for a failure. Never throws: when the job has
     * already failed there is nothing to finalize, and the watchdog ends the PE. The connection
     * stays open for a {@link #rejoin()}; the process's exit closes it.
     */
    @Override
    public void close() {
        collectiveLock.lock();
        try {
            stateLock.lock();
            try {
                if (closed || failure != null) {
                    return;
                }
            } finally {
                stateLock.unlock();
            }
            try {
                send(FINALIZE, new byte[0], "close");
            } catch (BootstrapException e) {
                return;
            }
            stateLock.lock();
            try {
                long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CLOSE_ACK_TIMEOUT_MILLIS);
                long left = deadline - System.nanoTime();
                while (!finalizeAcknowledged && failure == null && left > 0) {
                    left = changed.awaitNanos(left);
                }
                if (!finalizeAcknowledged) {
                    return;
                }
                closed = true;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } finally {
                stateLock.unlock();
            }
            termination.disarm();
        } finally {
            collectiveLock.unlock();
        }
    }

    /**
     * {@inheritDoc} Asks the launcher over the same connection ({@link RendezvousProtocol#REJOIN})
     * and waits for its answer. Nothing to do while this PE has not finalized.
     *
     * @throws BootstrapException when the launcher refuses (another PE already exited after fewer
     *         init/finalize pairs, or the job is failing), the job failed or the connection was lost
     *         meanwhile, or no answer comes within 30 s
     */
    @Override
    public boolean rejoin() {
        collectiveLock.lock();
        try {
            stateLock.lock();
            try {
                if (!closed) {
                    return true;
                }
                if (failure != null) {
                    throw new BootstrapException("PE " + rank + ": cannot initialise again: " + failure);
                }
                rejoinAsked = true;
                rejoinAnswer = null;
            } finally {
                stateLock.unlock();
            }
            try {
                send(REJOIN, new byte[0], "init");
            } catch (BootstrapException e) {
                throw new BootstrapException("PE " + rank + ": cannot initialise again: " + failure, e);
            }
            stateLock.lock();
            try {
                long left = TimeUnit.MILLISECONDS.toNanos(HANDSHAKE_TIMEOUT_MILLIS);
                while (rejoinAnswer == null && failure == null && left > 0) {
                    left = changed.awaitNanos(left);
                }
                String answer = rejoinAnswer;
                rejoinAsked = false;
                rejoinAnswer = null;
                if ("".equals(answer)) {
                    sequence = 0;
                    return true;
                }
                throw new BootstrapException("PE " + rank + ": cannot initialise again: " + (answer != null
                        ? "the launcher refused: " + answer
                        : failure != null ? failure
                        : "the launcher did not answer within " + HANDSHAKE_TIMEOUT_MILLIS / 1000 + " s"));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new BootstrapException("PE " + rank + ": interrupted while initialising again", e);
            } finally {
                stateLock.unlock();
            }
        } finally {
            collectiveLock.unlock();
        }
    }


    private static String variable(Map<String, String> env, String name) {
        String v = env.get(name);
        if (v == null || v.isBlank()) {
            throw new BootstrapException("environment variable " + name
                    + " is not set: this program must be started by the pgas4j launcher (bin/pgas4j run -np N ...)");
        }
        return v.trim();
    }

    private static int intVariable(Map<String, String> env, String name, int min, int max) {
        String text = variable(env, name);
        int v;
        try {
            v = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new BootstrapException(name + "='" + text + "' is not an integer");
        }
        if (v < min || v > max) {
            throw new BootstrapException(name + "=" + v + " is outside [" + min + ", " + max + "]");
        }
        return v;
    }

    private static InetSocketAddress rendezvousAddress(String text, boolean spansHosts) {
        int colon = text.lastIndexOf(':');
        if (colon <= 0) {
            throw new BootstrapException(LaunchEnvironment.RENDEZVOUS + "='" + text + "' is not host:port");
        }
        int port;
        try {
            port = Integer.parseInt(text.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new BootstrapException(LaunchEnvironment.RENDEZVOUS + "='" + text + "' has no numeric port");
        }
        if (port < 1 || port > 65535) {
            throw new BootstrapException(LaunchEnvironment.RENDEZVOUS + "='" + text + "': port outside [1, 65535]");
        }
        String host = text.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        InetAddress address;
        try {
            address = InetAddress.getByName(host);
        } catch (IOException e) {
            throw new BootstrapException(LaunchEnvironment.RENDEZVOUS + "='" + text + "': unknown host " + host);
        }
        if (!spansHosts && !address.isLoopbackAddress()) {
            throw new BootstrapException(LaunchEnvironment.RENDEZVOUS + "='" + text
                    + "' is not a loopback address; the rendezvous only runs on this host unless the job spans hosts ("
                    + LaunchEnvironment.NODES + ")");
        }
        return new InetSocketAddress(address, port);
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // Nothing more to release.
        }
    }
}
