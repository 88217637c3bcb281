package org.pgas4j.launcher;

import static org.pgas4j.bootstrap.RendezvousProtocol.CONTRIBUTE;
import static org.pgas4j.bootstrap.RendezvousProtocol.FINALIZE;
import static org.pgas4j.bootstrap.RendezvousProtocol.HELLO;
import static org.pgas4j.bootstrap.RendezvousProtocol.KIND_ALLGATHER;
import static org.pgas4j.bootstrap.RendezvousProtocol.KIND_BARRIER;
import static org.pgas4j.bootstrap.RendezvousProtocol.MAC_BYTES;
import static org.pgas4j.bootstrap.RendezvousProtocol.MAGIC;
import static org.pgas4j.bootstrap.RendezvousProtocol.NONCE_BYTES;
import static org.pgas4j.bootstrap.RendezvousProtocol.VERSION;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.pgas4j.bootstrap.KeepAlive;
import org.pgas4j.bootstrap.RendezvousProtocol;

/**
 * The launcher's end of the bootstrap: a TCP server on 127.0.0.1, or on the address remote PEs
 * reach when the job spans hosts (ephemeral port), that challenges every connection to prove
 * knowledge of the job secret (see {@link RendezvousProtocol}), then turns what authenticated PEs
 * send into {@link JobEvent}s. Whether a PE may join, and everything about collectives, is decided
 * by the job's event thread; this class only reads and checks.
 */
final class RendezvousServer implements AutoCloseable {
    private static final int HANDSHAKE_TIMEOUT_MILLIS = 10_000;

    private final ServerSocket server;
    private final byte[] key;
    private final Consumer<JobEvent> events;
    private final LineSink err;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    /**
     * Binds the server.
     *
     * @param key the job secret's HMAC key
     * @param backlog how many connections may wait to be accepted
     * @param events where authenticated requests go
     * @param err where refusals are reported
     */
    RendezvousServer(byte[] key, int backlog, Consumer<JobEvent> events, LineSink err) throws IOException {
        this(key, backlog, events, err, InetAddress.getByAddress("localhost", new byte[] {127, 0, 0, 1}));
    }

    /**
     * Binds the server to {@code bindAddress}.
     *
     * @param key the job secret's HMAC key
     * @param backlog how many connections may wait to be accepted
     * @param events where authenticated requests go
     * @param err where refusals are reported
     * @param bindAddress the address to listen on (loopback, or the one remote PEs reach)
     */
    RendezvousServer(byte[] key, int backlog, Consumer<JobEvent> events, LineSink err, InetAddress bindAddress)
            throws IOException {
        this.key = key.clone();
        this.events = events;
        this.err = err;
        this.server = new ServerSocket();
        try {
            server.bind(new InetSocketAddress(bindAddress, 0), backlog);
        } catch (IOException e) {
            server.close();
            throw new IOException("the rendezvous cannot listen on " + bindAddress.getHostAddress() + ": "
                    + e.getMessage(), e);
        }
    }

    /** The {@code host:port} for {@code PGAS4J_RENDEZVOUS}. */
    String address() {
        String host = server.getInetAddress().getHostAddress();
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + server.getLocalPort();
    }

    /** Starts accepting on a daemon thread. */
    void start() {
        Thread t = new Thread(this::acceptLoop, "pgas4j-rendezvous-accept");
        t.setDaemon(true);
        t.start();
    }

    private void acceptLoop() {
        while (!closed) {
            Socket s;
            try {
                s = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            sockets.add(s);
            Thread t = new Thread(() -> serve(s), "pgas4j-rendezvous-" + s.getPort());
            t.setDaemon(true);
            t.start();
        }
    }

    private void serve(Socket s) {
        try (s) {
            s.setTcpNoDelay(true);
            KeepAlive.enable(s);
            s.setSoTimeout(HANDSHAKE_TIMEOUT_MILLIS);
            DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream()));
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(s.getOutputStream()));
            PeConnection connection = handshake(s, in, out);
            if (connection != null) {
                s.setSoTimeout(0);
                readLoop(connection, in);
            }
        } catch (IOException e) {
            // A client that hung up or stalled during the handshake never joined: nothing to report.
        } finally {
            sockets.remove(s);
        }
    }

    /** Returns the connection once authenticated and handed to the job, or null when refused. */
    private PeConnection handshake(Socket s, DataInputStream in, DataOutputStream out) throws IOException {
        byte[] launcherNonce = RendezvousProtocol.nonce();
        ByteBuffer challenge = ByteBuffer.allocate(8 + NONCE_BYTES);
        challenge.putInt(MAGIC).putInt(VERSION).put(launcherNonce);
        RendezvousProtocol.write(out, RendezvousProtocol.CHALLENGE, challenge.array());

        RendezvousProtocol.Frame hello = RendezvousProtocol.read(in, RendezvousProtocol.MAX_HANDSHAKE_FRAME);
        int rank;
        long pid;
        byte[] peNonce = new byte[NONCE_BYTES];
        byte[] tag = new byte[MAC_BYTES];
        try {
            ByteBuffer b = hello.buffer();
            if (hello.type() != HELLO || b.getInt() != MAGIC) {
                refuse(out, "not a pgas4j PE");
                return null;
            }
            int version = b.getInt();
            if (version != VERSION) {
                refuse(out, "the PE speaks rendezvous protocol " + version + ", the launcher " + VERSION
                        + "; use the same pgas4j version for both");
                return null;
            }
            rank = b.getInt();
            pid = b.getLong();
            b.get(peNonce);
            b.get(tag);
        } catch (BufferUnderflowException e) {
            refuse(out, "malformed hello");
            return null;
        }
        if (!MessageDigest.isEqual(tag, RendezvousProtocol.helloTag(key, launcherNonce, rank, pid, peNonce))) {
            err.message("refused a rendezvous connection claiming to be PE " + rank + " (pid " + pid
                    + "): it does not know the job secret");
            refuse(out, "authentication failed: wrong job secret (" + org.pgas4j.bootstrap.LaunchEnvironment.SECRET + ")");
            return null;
        }
        PeConnection connection = new PeConnection(s, out, key, peNonce);
        events.accept(new JobEvent.JoinRequest(connection, rank, pid));
        return connection;
    }

    private static void refuse(DataOutputStream out, String reason) throws IOException {
        RendezvousProtocol.write(out, RendezvousProtocol.REFUSE, RendezvousProtocol.text(reason));
    }

    private void readLoop(PeConnection connection, DataInputStream in) {
        String detail;
        try {
            while (true) {
                RendezvousProtocol.Frame f = RendezvousProtocol.read(in, RendezvousProtocol.MAX_FRAME);
                int rank = connection.rank;
                if (rank < 0) {
                    return; // refused, or spoke before its welcome: hang up
                }
                if (f.type() == CONTRIBUTE) {
                    ByteBuffer b = f.buffer();
                    if (b.remaining() < 5) {
                        events.accept(new JobEvent.ProtocolError(rank, "sent a malformed contribution"));
                        return;
                    }
                    int seq = b.getInt();
                    byte kind = b.get();
                    if (kind != KIND_ALLGATHER && kind != KIND_BARRIER) {
                        events.accept(new JobEvent.ProtocolError(rank, "sent a collective of unknown kind " + kind));
                        return;
                    }
                    byte[] data = new byte[b.remaining()];
                    b.get(data);
                    events.accept(new JobEvent.Contribution(rank, seq, kind, data));
                } else if (f.type() == RendezvousProtocol.STATS) {
                    events.accept(new JobEvent.Statistics(rank, f.payload()));
                } else if (f.type() == FINALIZE) {
                    events.accept(new JobEvent.FinalizeRequest(rank));
                } else if (f.type() == RendezvousProtocol.REJOIN) {
                    events.accept(new JobEvent.RejoinRequest(rank));
                } else if (f.type() == RendezvousProtocol.EXIT) {
                    ByteBuffer b = f.buffer();
                    int status = b.remaining() < 4 ? -1 : b.getInt();
                    if (status < 0 || status > 255) {
                        events.accept(new JobEvent.ProtocolError(rank, "sent a malformed exit request"));
                        return;
                    }
                    byte[] call = new byte[b.remaining()];
                    b.get(call);
                    events.accept(new JobEvent.ExitRequest(rank, status,
                            new String(call, java.nio.charset.StandardCharsets.UTF_8)));
                } else {
                    events.accept(new JobEvent.ProtocolError(rank, "sent an unexpected frame of type " + f.type()));
                    return;
                }
            }
        } catch (EOFException e) {
            detail = "closed its connection to the launcher";
        } catch (IOException e) {
            detail = "lost its connection to the launcher (" + e.getMessage() + ")";
        }
        if (connection.rank >= 0 && !closed) {
            events.accept(new JobEvent.Disconnected(connection.rank, detail));
        }
    }

    /** Stops accepting and closes every connection. */
    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            // Already closed.
        }
        for (Socket s : sockets) {
            try {
                s.close();
            } catch (IOException e) {
                // Already closed.
            }
        }
    }
}
