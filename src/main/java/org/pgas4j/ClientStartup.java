package org.pgas4j;

import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.pgas4j.bootstrap.Bootstrap;
import org.pgas4j.bootstrap.Bootstraps;
import org.pgas4j.bootstrap.Syscall;
import org.pgas4j.internal.ControlRegion;
import org.pgas4j.internal.jfr.EventRegistration;
import org.pgas4j.spi.Transport;
import org.pgas4j.spi.TransportProvider;

/**
 * The steps of {@link Client#init(long)}: claims this PE's bootstrap, opens the transport (the
 * one the bootstrap requires, else the {@code pgas4j.transport} setting resolved for the job's
 * hosts, found among the providers {@link ServiceLoader} sees), constructs the client and attaches
 * the primordial segment; when a step fails, closes the transport and releases the bootstrap, so
 * that the PE may try again.
 */
final class ClientStartup {
    private ClientStartup() {
    }

    /** {@link Client#init(long)} once {@code segmentSize} is known to be valid (0: no primordial segment). */
    static Client start(long segmentSize) {
        EventRegistration.core();
        initializeWhatTheTrainedCodeNeeds();
        int jitNice = Settings.JIT_NICE.value();
        if (jitNice > 0) {
            org.pgas4j.internal.JitThreadNice.apply(jitNice);
        }
        Bootstrap bootstrap = Bootstraps.claim();
        if (bootstrap.location().localSize() <= Runtime.getRuntime().availableProcessors()) {
            // Binding the system-call handle costs 40-60 ms of CPU. With a core per PE it is done now,
            // beside the rest of the start, not in the program's first wait that sleeps; with more PEs
            // than cores that CPU is the job's start, and a PE whose waits never sleep never pays it.
            Syscall.bindInBackground();
        }
        Transport transport = null;
        Client client = null;
        try {
            int slots = Settings.MAX_ENDPOINTS.value();
            String name = bootstrap.requiredTransport() != null ? bootstrap.requiredTransport()
                    : Settings.resolveTransport(Settings.TRANSPORT.value(), bootstrap.location().nodes());
            transport = provider(name).open(bootstrap, ControlRegion.size(slots + 1, bootstrap.size()));
            client = new Client(bootstrap, transport, slots);
            if (segmentSize > 0) {
                client.attachPrimordialSegment(segmentSize);
            }
            return client;
        } catch (RuntimeException e) {
            if (transport != null) {
                transport.close();
            }
            Bootstraps.release(bootstrap);
            throw e;
        }
    }

    /**
     * JDK 25's AOT cache replays a method's trained C2 compilation only once every class that
     * compilation depended on is initialised in this JVM too; until then the method runs C1 code,
     * and if one such class never is, it does so for good. The RMA paths' trained compilations
     * depend on the session class of {@link Arena#ofAuto()}, which the training's PEs initialised
     * when their waits first slept (the thread-local state of a system call): a PE that never
     * sleeps, such as the issuer of a stream of puts, ran its puts in C1 code, 30 % slower.
     */
    private static void initializeWhatTheTrainedCodeNeeds() {
        Arena unused = Arena.ofAuto();
    }

    private static TransportProvider provider(String name) {
        List<String> known = new ArrayList<>();
        for (TransportProvider p : ServiceLoader.load(TransportProvider.class, Client.class.getClassLoader())) {
            if (p.name().equals(name)) {
                String why = p.unavailableReason();
                if (why != null) {
                    throw new ResourceException("transport '" + name + "' cannot run on this host: " + why);
                }
                return p;
            }
            known.add(p.name());
        }
        throw new BadArgumentException("unknown transport '" + name + "' (pgas4j.transport); known: " + known);
    }
}
