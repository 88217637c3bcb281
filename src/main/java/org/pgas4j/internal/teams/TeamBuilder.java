package org.pgas4j.internal.teams;

import org.pgas4j.internal.access.Access;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.Team;

/**
 * Builds derived teams. Every construction is one collective exchange over the parent (each
 * member's arguments and the team channels it has in use), after which every member computes
 * the same result on its own: the membership of its new team and the lowest channel free on all
 * parent members. A closing barrier over the parent makes sure every member has cleared its copy
 * of the channel before anyone uses it.
 */
public final class TeamBuilder {
    private static final Access.ClientAccess CLIENTS = Access.clients();
    private static final Access.TeamAccess TEAMS = Access.teams();
    private TeamBuilder() {
    }

    /** Each member's {@code values} (the same count on all), indexed by parent rank. */
    private static long[][] exchange(Team parent, long... values) {
        int n = parent.size();
        long bytes = (long) values.length * Long.BYTES;
        long[] counts = new long[n];
        Arrays.fill(counts, bytes);
        MemorySegment out = MemorySegment.ofArray(new long[n * values.length]);
        TEAMS.algorithms(parent).allgather(MemorySegment.ofArray(values), out, counts);
        long[][] all = new long[n][];
        for (int m = 0; m < n; m++) {
            all[m] = out.asSlice(m * bytes, bytes).toArray(ValueLayout.JAVA_LONG);
        }
        return all;
    }

    public static Team split(Team parent, int color, int key, String name) {
        Client client = parent.client();
        long[][] all = exchange(parent, color, key, CLIENTS.teams(client).usedChannels());
        return build(parent, all, 0, 1, name);
    }

    /**
     * Creates the team of the members sharing this member's color (entry {@code colorAt} of each
     * member's exchanged values; key at {@code colorAt + 1}; channel mask last).
     */
    private static Team build(Team parent, long[][] all, int colorAt, int keyAt, String name) {
        Client client = parent.client();
        long used = 0;
        for (long[] v : all) {
            used |= v[v.length - 1];
        }
        CLIENTS.teams(client).checkChannelFree(used); // the same verdict on every member, before anyone waits
        long myColor = all[parent.rank()][colorAt];
        Team team = null;
        if (myColor >= 0) {
            List<Integer> members = new ArrayList<>();
            for (int m = 0; m < all.length; m++) {
                if (all[m][colorAt] == myColor) {
                    members.add(m);
                }
            }
            members.sort(Comparator.<Integer>comparingLong(m -> all[m][keyAt]).thenComparingInt(m -> m));
            int[] jobRanks = new int[members.size()];
            int[] endpoints = new int[members.size()];
            int rank = -1;
            for (int i = 0; i < jobRanks.length; i++) {
                int m = members.get(i);
                jobRanks[i] = parent.jobRankOf(m);
                endpoints[i] = parent.endpointIndexOf(m);
                if (m == parent.rank()) {
                    rank = i;
                }
            }
            int channel = CLIENTS.teams(client).takeChannel(used);
            team = TEAMS.create(client, name, parent.endpoint(), rank, jobRanks, endpoints, channel);
        }
        parent.barrier(); // every member has cleared its channel before the new team is used
        return team;
    }

    public static Team splitStrided(Team parent, int start, int stride, int size) {
        Client client = parent.client();
        long[][] all = exchange(parent, start, stride, size, CLIENTS.teams(client).usedChannels());
        for (long[] v : all) {
            if (v[0] != start || v[1] != stride || v[2] != size) {
                // Every member sees the same mismatch, so every member throws.
                throw new BadArgumentException("splitStrided on PE " + client.jobRank() + ": members passed different "
                        + "arguments (start, stride, size): " + Arrays.toString(Arrays.copyOf(all[0], 3)) + " vs "
                        + Arrays.toString(Arrays.copyOf(v, 3)) + "; they must be the same on every member");
            }
        }
        long last = start + (long) stride * (size - 1);
        if (size < 1 || start < 0 || start >= parent.size() || last < 0 || last >= parent.size()
                || (stride == 0 && size > 1)) {
            throw new BadArgumentException("splitStrided on PE " + client.jobRank() + ": start " + start + ", stride "
                    + stride + ", size " + size + " name members outside team " + parent.name() + " of size "
                    + parent.size() + " (ranks must be distinct and in [0, " + parent.size() + "))");
        }
        long[][] membership = new long[all.length][];
        for (int m = 0; m < all.length; m++) {
            long offset = m - (long) start;
            boolean in = stride == 0 ? m == start
                    : offset % stride == 0 && offset / stride >= 0 && offset / stride < size;
            membership[m] = new long[] {in ? 0 : -1, in ? (stride == 0 ? 0 : offset / stride) : 0, all[m][3]};
        }
        return build(parent, membership, 0, 1,
                parent.name() + ".strided(" + start + "," + stride + "," + size + ")");
    }

    public static Team.Split2d split2d(Team parent, int xRange) {
        Client client = parent.client();
        long[][] args = exchange(parent, xRange);
        for (long[] v : args) {
            if (v[0] != xRange) {
                throw new BadArgumentException("split2d on PE " + client.jobRank() + ": members passed different xRange "
                        + "values (" + xRange + " and " + v[0] + "); it must be the same on every member");
            }
        }
        if (xRange < 1) {
            throw new BadArgumentException("split2d on PE " + client.jobRank() + ": xRange " + xRange
                    + " must be at least 1");
        }
        int x = parent.rank() % xRange;
        int y = parent.rank() / xRange;
        Team row = split(parent, y, x, parent.name() + ".x(" + y + ")");
        Team column = split(parent, x, y, parent.name() + ".y(" + x + ")");
        return new Team.Split2d(row, column);
    }
}
