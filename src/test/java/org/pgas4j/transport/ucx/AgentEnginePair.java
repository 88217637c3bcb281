package org.pgas4j.transport.ucx;

import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.pgas4j.testing.SystemComponent;

/**
 * Two engines of one JVM over tcp on the loopback device (where a put lands only when its target
 * progresses): a target with memory of its own, progressed by nothing but its progress agent, and
 * an origin holding the key to that memory. Closing stops the agent, releases the key, closes both
 * engines' endpoints (each progressing the other: a tcp close needs the peer), then the memory and
 * the engines.
 */
final class AgentEnginePair implements AutoCloseable {
    private static final Map<String, String> TCP_ON_LOOPBACK = Map.of("TLS", "tcp", "NET_DEVICES", "lo");

    final UcxEngine target;
    final UcxEngine origin;
    final UcpMemory memory;
    final UcpRemoteKey key;
    final UcxProgressAgent agent;

    private AgentEnginePair(UcxEngine target, UcxEngine origin, long bytes, boolean lingers, long lingerNanos) {
        this.target = target;
        this.origin = origin;
        byte[][] addresses = {target.worker().address(), origin.worker().address()};
        target.connect(addresses, 0);
        origin.connect(addresses, 1);
        this.memory = target.context().allocate(bytes);
        this.key = origin.endpoint(0).unpack(memory.packedKey());
        this.agent = new UcxProgressAgent(target, 0, lingers, lingerNanos);
    }

    /** Opens the pair with {@code bytes} of target memory; skips the test when libucp is not installed. */
    static AgentEnginePair open(long bytes) {
        return open(bytes, true);
    }

    /** {@link #open(long)} with an agent that lingers after work or not. */
    static AgentEnginePair open(long bytes, boolean lingers) {
        return open(bytes, lingers, UcxProgressAgent.LINGER_NANOS);
    }

    /** {@link #open(long, boolean)} with a linger window of {@code lingerNanos}. */
    static AgentEnginePair open(long bytes, boolean lingers, long lingerNanos) {
        SystemComponent.UCX.assume();
        UcxEngine target = new UcxEngine(0, TCP_ON_LOOPBACK);
        UcxEngine origin = null;
        try {
            origin = new UcxEngine(1, TCP_ON_LOOPBACK);
            return new AgentEnginePair(target, origin, bytes, lingers, lingerNanos);
        } catch (RuntimeException | Error e) {
            if (origin != null) {
                origin.close();
            }
            target.close();
            throw e;
        }
    }

    /** The origin's endpoint to the target. */
    UcpEndpoint toTarget() {
        return origin.endpoint(0);
    }

    @Override
    public void close() {
        try {
            agent.close();
            origin.lock().lock();
            try {
                key.close();
            } finally {
                origin.lock().unlock();
            }
            origin.beginClose();
            target.beginClose();
            Thread t = Thread.ofPlatform().start(() -> origin.closeEndpoints(2_000));
            target.closeEndpoints(2_000);
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            memory.close();
        } finally {
            origin.close();
            target.close();
        }
    }
}
