package org.pgas4j.internal.access;

import java.lang.foreign.MemorySegment;
import org.pgas4j.ActiveMessages;
import org.pgas4j.AmCategory;
import org.pgas4j.AmHandler;
import org.pgas4j.AmToken;
import org.pgas4j.AtomicResult;
import org.pgas4j.Client;
import org.pgas4j.DeviceBuffer;
import org.pgas4j.Endpoint;
import org.pgas4j.Event;
import org.pgas4j.Segment;
import org.pgas4j.Team;
import org.pgas4j.TeamScratch;
import org.pgas4j.internal.IdleStrategy;
import org.pgas4j.internal.PeerTarget;
import org.pgas4j.internal.am.AmInjector;
import org.pgas4j.internal.am.HandlerContext;
import org.pgas4j.internal.coll.TeamAlgorithms;
import org.pgas4j.internal.kinds.DeviceMemory;
import org.pgas4j.internal.memory.ClientKinds;
import org.pgas4j.internal.memory.Kind;
import org.pgas4j.spi.Completion;
import org.pgas4j.spi.RemoteMemory;
import org.pgas4j.spi.Transport;
import org.pgas4j.internal.teams.TeamResources;

/**
 * The core's machinery reaching the API classes' package-private members from its own packages,
 * as the JDK's SharedSecrets do: each API class registers its part once, in its static
 * initialiser, so that the API package shows users the GASNet-EX concepts and nothing else.
 * Callers keep what they get in a {@code static final} field; the one implementation of each
 * interface then inlines as a direct call.
 */
public final class Access {
    private static ClientAccess clients;
    private static TeamAccess teams;
    private static EndpointAccess endpoints;
    private static SegmentAccess segments;
    private static EventAccess events;
    private static AmAccess ams;
    private static DeviceBufferAccess deviceBuffers;

    private Access() {
    }

    /** What the machinery uses of {@link Client}. */
    public interface ClientAccess {
        /** The endpoint with this index, or null. */
        Endpoint endpointOrNull(Client c, int index);

        /** Throws if the client is closed or the job is failing. */
        void checkOpen(Client c, String operation);

        /** The checked RMA target: rank of team, the range [offset, offset + length). */
        PeerTarget target(Client c, Team team, int rank, long offset, long length, String operation);

        /** The target of the segment bound to endpoint {@code ep} of PE {@code j}. */
        PeerTarget boundTarget(Client c, int j, int ep, String operation);

        /** Whether a live segment of the client lives in {@code b}. */
        boolean segmentUses(Client c, DeviceBuffer b);

        /** The client's memory kinds. */
        ClientKinds kinds(Client c);

        /** The channels, scratch regions and algorithms the client's teams share. */
        TeamResources teams(Client c);

        /** The memory-kind code PE {@code j} published for endpoint {@code ep}'s segment. */
        int publishedKind(Client c, int j, int ep);

    }

    /** What the machinery uses of {@link Team}. */
    public interface TeamAccess {
        /** A team with a channel of the client's own collectives. */
        Team create(Client client, String name, Endpoint endpoint, int rank, int[] jobRanks, int[] endpointIndices,
                    int channel);

        /** A team whose collectives run over scratch {@code region}. */
        Team createOverScratch(Client client, String name, Endpoint endpoint, int rank, int[] jobRanks,
                               int[] endpointIndices, TeamAlgorithms algorithms, TeamScratch.Region region);

        /** Throws unless {@code r} is a rank of the team. */
        void checkRank(Team t, String operation, int r);

        /** The jobrank of rank {@code r}, which the caller checked. */
        int jobRankUnchecked(Team t, int r);

        /** The endpoint index of rank {@code r}, which the caller checked. */
        int endpointIndexUnchecked(Team t, int r);

        /** The team's collective algorithms. */
        TeamAlgorithms algorithms(Team t);
    }

    /** What the machinery uses of {@link Endpoint}. */
    public interface EndpointAccess {
        /** The segment bound to the endpoint, or null. */
        Segment bound(Endpoint e);
    }

    /** What the machinery uses of {@link Segment}. */
    public interface SegmentAccess {
        /** The segment's memory as host memory (null for device memory without a host view). */
        MemorySegment hostView(Segment s);

        /** The memory atomics operate on. */
        MemorySegment atomicMemory(Segment s);
    }

    /** What the machinery uses of {@link Event} and {@link AtomicResult}. */
    public interface EventAccess {
        /** A pending event whose waits refuse to run inside a handler of {@code context}'s client. */
        Event create(Transport transport, IdleStrategy idle, HandlerContext context);

        /** The completion a transport signals for the event. */
        Completion completion(Event e);

        /** Stores a fetched value into a result holder. */
        void complete(AtomicResult r, long value);
    }

    /** What the machinery uses of {@link AmToken} and {@link ActiveMessages}. */
    public interface AmAccess {
        /** The token of lane {@code lane}, replying through {@code injector}. */
        AmToken createToken(AmInjector injector, int lane);

        /** Where the dispatcher copies a message's arguments. */
        int[] argBuffer(AmToken t);

        /** Makes the token the one of a message about to be handled. */
        void bind(AmToken t, int source, int sourceEndpoint, int endpoint, int handler, AmCategory category, int nargs,
                  MemorySegment payloadBuffer, long payloadOffset, long payloadLength);

        /** The handler returned. */
        void unbind(AmToken t);

        /** Registers a handler in the core's own index range. */
        void registerInternal(ActiveMessages am, int index, AmCategory category, AmHandler handler);
    }

    /** What the machinery uses of {@link DeviceBuffer}. */
    public interface DeviceBufferAccess {
        /** A buffer of {@code kind} over {@code memory}. */
        DeviceBuffer create(Kind kind, DeviceMemory memory);

        /** The device memory behind the buffer. */
        DeviceMemory memory(DeviceBuffer b);

        /** Marks the buffer freed. */
        void markFreed(DeviceBuffer b);
    }

    /** Registered by {@link Client}. */
    public static synchronized void register(ClientAccess a) {
        clients = once(clients, a);
    }

    /** Registered by {@link Team}. */
    public static synchronized void register(TeamAccess a) {
        teams = once(teams, a);
    }

    /** Registered by {@link Endpoint}. */
    public static synchronized void register(EndpointAccess a) {
        endpoints = once(endpoints, a);
    }

    /** Registered by {@link Segment}. */
    public static synchronized void register(SegmentAccess a) {
        segments = once(segments, a);
    }

    /** Registered by {@link Event}. */
    public static synchronized void register(EventAccess a) {
        events = once(events, a);
    }

    /** Registered by {@link AmToken}. */
    public static synchronized void register(AmAccess a) {
        ams = once(ams, a);
    }

    /** Registered by {@link DeviceBuffer}. */
    public static synchronized void register(DeviceBufferAccess a) {
        deviceBuffers = once(deviceBuffers, a);
    }

    /** {@link Client}'s part. */
    public static ClientAccess clients() {
        initialise(Client.class);
        return clients;
    }

    /** {@link Team}'s part. */
    public static TeamAccess teams() {
        initialise(Team.class);
        return teams;
    }

    /** {@link Endpoint}'s part. */
    public static EndpointAccess endpoints() {
        initialise(Endpoint.class);
        return endpoints;
    }

    /** {@link Segment}'s part. */
    public static SegmentAccess segments() {
        initialise(Segment.class);
        return segments;
    }

    /** {@link Event}'s part. */
    public static EventAccess events() {
        initialise(Event.class);
        return events;
    }

    /** {@link AmToken}'s part. */
    public static AmAccess ams() {
        initialise(AmToken.class);
        return ams;
    }

    /** {@link DeviceBuffer}'s part. */
    public static DeviceBufferAccess deviceBuffers() {
        initialise(DeviceBuffer.class);
        return deviceBuffers;
    }

    private static <T> T once(T current, T offered) {
        if (current != null) {
            throw new IllegalStateException("the core's access to " + offered.getClass().getEnclosingClass()
                    + " is registered already");
        }
        return offered;
    }

    // Runs the class's static initialiser, which registers its part (a no-op once it ran).
    private static void initialise(Class<?> c) {
        try {
            Class.forName(c.getName(), true, c.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
