package org.pgas4j.bootstrap;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntConsumer;

/**
 * Liveness for a job whose processes were started by someone else (a PMIx launcher): PE 0 listens,
 * every other PE keeps one authenticated TCP connection to it. A PE that ends without saying
 * {@code F} (finalized) first, killed or crashed, is noticed by PE 0 at once (its connection closes;
 * keep-alive catches a vanished host in {@link KeepAlive#DETECTION_SECONDS} s), which tells every
 * other PE {@code D rank}; when PE 0 itself dies, every other PE sees its connection close. Each
 * then hears of the lost PE through the listener, so that waits fail within a second or two naming
 * the PE, as under {@code bin/pgas4j run}.
 */
final class PeerWatch implements AutoCloseable {
    private static final byte WELCOME = 'W';
    private static final byte FINALIZED = 'F';
    private static final byte DEAD = 'D';
    private static final int NONCE_BYTES = 16;
    private static final int MAC_BYTES = 32;
    private static final int HANDSHAKE_TIMEOUT_MILLIS = 30_000;
    /** How long a connection to one of several addresses of PE 0 may take before the next is tried. */
    static final int CANDIDATE_TIMEOUT_MILLIS = 3_000;

    private final int rank;
    private final int size;
    private final byte[] key;
    private final IntConsumer lost;
    private final ServerSocket server;
    private final Socket[] peers;
    private final boolean[] finalized;
    private volatile boolean closing;

    private PeerWatch(int rank, int size, byte[] key, IntConsumer lost, ServerSocket server) {
        this.rank = rank;
        this.size = size;
        this.key = key.clone();
        this.lost = lost;
        this.server = server;
        this.peers = new Socket[rank == 0 ? size : 1];
        this.finalized = new boolean[peers.length];
    }

    /**
     * PE 0's side: listens on every address of this host.
     *
     * @param lost told the rank of a PE that ended without finalizing, once per PE
     */
    static PeerWatch listen(int size, byte[] key, IntConsumer lost) throws IOException {
        ServerSocket s = new ServerSocket();
        s.bind(new InetSocketAddress(0), size + 16);
        PeerWatch w = new PeerWatch(0, size, key, lost, s);
        Thread t = new Thread(w::accept, "pgas4j-pe-0-peer-watch");
        t.setDaemon(true);
        t.start();
        return w;
    }

    /** The port PE 0 listens on. */
    int port() {
        return server.getLocalPort();
    }

    /**
     * Another PE's side: connects to PE 0 at the first of {@code addresses} that accepts a
     * connection (in order; each but the last gets {@link #CANDIDATE_TIMEOUT_MILLIS}) and proves it
     * knows {@code key}.
     *
     * @param lost told the rank of a PE that ended without finalizing
     * @throws IOException naming every address tried when none accepted
     */
    static PeerWatch connect(int rank, int size, byte[] key, List<InetSocketAddress> addresses, IntConsumer lost)
            throws IOException {
        PeerWatch w = new PeerWatch(rank, size, key, lost, null);
        Socket s = null;
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < addresses.size() && s == null; i++) {
            Socket c = new Socket();
            try {
                c.setTcpNoDelay(true);
                KeepAlive.enable(c);
                c.connect(addresses.get(i), i == addresses.size() - 1 ? HANDSHAKE_TIMEOUT_MILLIS : CANDIDATE_TIMEOUT_MILLIS);
                s = c;
            } catch (IOException e) {
                c.close();
                failures.add(addresses.get(i) + ": " + e.getMessage());
            }
        }
        if (s == null) {
            throw new IOException("no address of PE 0 accepted a connection (" + String.join("; ", failures) + ")");
        }
        try {
            s.setSoTimeout(HANDSHAKE_TIMEOUT_MILLIS);
            DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream()));
            byte[] nonce = new byte[NONCE_BYTES];
            in.readFully(nonce);
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            out.writeInt(rank);
            out.write(w.tag(nonce, rank));
            out.flush();
            if (in.readByte() != WELCOME) {
                throw new IOException("PE 0 did not accept this PE's watch connection");
            }
            s.setSoTimeout(0);
            w.peers[0] = s;
            Thread t = new Thread(() -> w.read(0, in), "pgas4j-pe-" + rank + "-peer-watch");
            t.setDaemon(true);
            t.start();
            return w;
        } catch (IOException e) {
            s.close();
            throw e;
        }
    }

    private byte[] tag(byte[] nonce, int peer) {
        return HmacSha256.tag(key, "pgas4j-peer-watch".getBytes(java.nio.charset.StandardCharsets.US_ASCII), nonce,
                ByteBuffer.allocate(4).putInt(peer).array());
    }

    /** PE 0: takes the other PEs' connections for the life of the job. */
    private void accept() {
        while (!closing) {
            Socket s;
            try {
                s = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            try {
                s.setTcpNoDelay(true);
                KeepAlive.enable(s);
                s.setSoTimeout(HANDSHAKE_TIMEOUT_MILLIS);
                byte[] nonce = Entropy.bytes(NONCE_BYTES);
                DataOutputStream out = new DataOutputStream(s.getOutputStream());
                out.write(nonce);
                out.flush();
                DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream()));
                int peer = in.readInt();
                byte[] mac = new byte[MAC_BYTES];
                in.readFully(mac);
                if (peer <= 0 || peer >= size || !MessageDigest.isEqual(mac, tag(nonce, peer))) {
                    s.close();
                    continue;
                }
                synchronized (this) {
                    if (peers[peer] != null) {
                        s.close();
                        continue;
                    }
                    peers[peer] = s;
                }
                out.writeByte(WELCOME);
                out.flush();
                s.setSoTimeout(0);
                Thread t = new Thread(() -> read(peer, in), "pgas4j-pe-0-watch-" + peer);
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                closeQuietly(s);
            }
        }
    }

    /** Reads one connection until it ends; an end without {@code F} is a lost PE. */
    private void read(int index, DataInputStream in) {
        try {
            while (true) {
                byte b = in.readByte();
                if (b == FINALIZED) {
                    synchronized (this) {
                        finalized[index] = true;
                    }
                } else if (b == DEAD && rank != 0) {
                    lost.accept(in.readInt());
                    return;
                }
            }
        } catch (EOFException e) {
            // the peer's end closed
        } catch (IOException e) {
            // reset or keep-alive timeout: the same as a close
        }
        boolean orderly;
        synchronized (this) {
            orderly = finalized[index] || closing;
        }
        if (orderly) {
            return;
        }
        int who = rank == 0 ? index : 0;
        if (rank == 0) {
            tellOthers(who);
        }
        lost.accept(who);
    }

    /** PE 0: tells every other PE that {@code dead} is lost. */
    private void tellOthers(int dead) {
        for (int i = 1; i < peers.length; i++) {
            Socket s;
            synchronized (this) {
                s = peers[i];
            }
            if (s != null && i != dead) {
                try {
                    synchronized (s) {
                        DataOutputStream out = new DataOutputStream(s.getOutputStream());
                        out.writeByte(DEAD);
                        out.writeInt(dead);
                        out.flush();
                    }
                } catch (IOException e) {
                    // that PE is gone too; its reader reports it
                }
            }
        }
    }

    /** This PE finalized: says so to the other side(s) and closes. */
    @Override
    public void close() {
        synchronized (this) {
            if (closing) {
                return;
            }
            closing = true;
        }
        for (Socket s : peers) {
            if (s != null) {
                try {
                    synchronized (s) {
                        s.getOutputStream().write(FINALIZED);
                        s.getOutputStream().flush();
                    }
                } catch (IOException e) {
                    // already gone
                }
                closeQuietly(s);
            }
        }
        if (server != null) {
            try {
                server.close();
            } catch (IOException e) {
                // nothing more to release
            }
        }
    }

    /**
     * The addresses other hosts may reach PE 0 by, best first, comma-separated: this host name's
     * address when an interface here has it, then every IPv4 and then IPv6 address of the
     * interfaces that are up (not loopback, not link-local); loopback only when there is none. A
     * host name that resolves to loopback (a common {@code /etc/hosts} entry) or to an address of
     * another network namespace is thus no obstacle.
     */
    static String hostAddresses() {
        Set<String> addresses = new LinkedHashSet<>();
        try {
            InetAddress named = InetAddress.getLocalHost();
            if (!named.isLoopbackAddress() && NetworkInterface.getByInetAddress(named) != null) {
                addresses.add(named.getHostAddress());
            }
        } catch (IOException e) {
            // no usable host name: the interfaces say it all
        }
        List<InetAddress> v6 = new ArrayList<>();
        try {
            for (NetworkInterface ni : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (!ni.isUp() || ni.isLoopback()) {
                    continue;
                }
                for (InetAddress a : Collections.list(ni.getInetAddresses())) {
                    if (a.isLoopbackAddress() || a.isLinkLocalAddress()) {
                        continue;
                    }
                    if (a instanceof Inet6Address) {
                        v6.add(a);
                    } else {
                        addresses.add(a.getHostAddress());
                    }
                }
            }
        } catch (IOException e) {
            // interfaces cannot be listed here: what was found so far
        }
        for (InetAddress a : v6) {
            addresses.add(a.getHostAddress().replaceFirst("%.*$", ""));
        }
        if (addresses.isEmpty()) {
            addresses.add(InetAddress.getLoopbackAddress().getHostAddress());
        }
        return String.join(",", addresses);
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // nothing more to release
        }
    }
}
