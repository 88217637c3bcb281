package org.pgas4j.internal.teams;

import org.pgas4j.internal.access.Access;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.Endpoint;
import org.pgas4j.EndpointLocation;
import org.pgas4j.MemoryKind;
import org.pgas4j.MemoryKindClass;
import org.pgas4j.Segment;
import org.pgas4j.Team;
import org.pgas4j.TeamScratch;
import org.pgas4j.internal.coll.Mailboxes;
import org.pgas4j.internal.coll.TeamAlgorithms;
import org.pgas4j.internal.memory.KindCodes;
import org.pgas4j.spi.RemoteMemory;

/**
 * Builds teams over client-provided scratch ({@link Team#dup}, {@link Team#create}). Every
 * construction checks the caller's arguments locally, exchanges a verdict and the arguments over
 * the parent, and then every caller reaches the same decision from the same data: all create, or
 * all throw. Members zero their own scratch regions before a closing barrier over the parent, so
 * no message can arrive in a region that is still being cleared.
 */
public final class ScratchTeams {
    private static final Access.ClientAccess CLIENTS = Access.clients();
    private static final Access.EndpointAccess ENDPOINTS = Access.endpoints();
    private static final Access.TeamAccess TEAMS = Access.teams();
    private static final long OK = 1;
    private static final long NOT_OK = 0;

    private ScratchTeams() {
    }

    public static long scratchSize(int members, boolean recommended) {
        return recommended ? Mailboxes.recommendedBytes(members) : Mailboxes.minimumBytes(members);
    }

    // ---------------------------------------------------------------- dup

    public static Team dup(Team parent, TeamScratch scratch) {
        Client client = parent.client();
        Endpoint ep = parent.endpoint();
        String problem = null;
        long offset = -1;
        if (scratch == null) {
            problem = "scratch is null (use TeamScratch.none() for NO_SCRATCH)";
        } else if (scratch.mode() == TeamScratch.Mode.GLOBAL) {
            problem = "GLOBAL scratch is for Team.create; dup takes SYMMETRIC, LOCAL or NO_SCRATCH (section 5.2 rule 11)";
        } else if (scratch.mode() != TeamScratch.Mode.NO_SCRATCH) {
            long[] offs = scratch.offsets();
            if (offs == null || offs.length != 1) {
                problem = scratch.mode() + " scratch for dup takes exactly one offset (this member's)";
            } else {
                offset = offs[0];
                problem = regionProblem(client, ep, offset, scratch.length(), parent.size());
            }
        }
        TeamScratch.Region region = null;
        if (problem == null && scratch.mode() != TeamScratch.Mode.NO_SCRATCH) {
            region = new TeamScratch.Region(ep.location(), offset, scratch.length());
            if (!CLIENTS.teams(client).scratchTaken(region)) {
                problem = "scratch [" + offset + ", " + (offset + scratch.length()) + ") overlaps the scratch of another "
                        + "live team on endpoint " + ep.index() + " (section 5.2 rule 9)";
                region = null;
            }
        }
        long mode = scratch == null ? -1 : scratch.mode().ordinal();
        long length = scratch == null ? -1 : scratch.length();
        long symmetricOffset = scratch != null && scratch.mode() == TeamScratch.Mode.SYMMETRIC ? offset : -1;
        long[][] all = exchangeVariable(parent, new long[] {problem == null ? OK : NOT_OK, mode, length,
                symmetricOffset, offset});
        String verdict = problem != null ? problem : firstFailure(all, parent);
        if (verdict == null) {
            for (long[] v : all) {
                if (v[1] != mode || v[2] != length || v[3] != symmetricOffset) {
                    verdict = "members passed different scratch arguments (mode, length, symmetric offset): "
                            + Arrays.toString(Arrays.copyOfRange(all[0], 1, 4)) + " vs "
                            + Arrays.toString(Arrays.copyOfRange(v, 1, 4)) + "; they must be single-valued";
                    break;
                }
            }
        }
        if (verdict != null) {
            if (region != null) {
                CLIENTS.teams(client).scratchReleased(region);
            }
            throw new BadArgumentException("dup of team " + parent.name() + " on PE " + client.jobRank() + ": " + verdict);
        }
        int n = parent.size();
        int[] jobRanks = new int[n];
        int[] eps = new int[n];
        long[] base = new long[n];
        for (int m = 0; m < n; m++) {
            jobRanks[m] = parent.jobRankOf(m);
            eps[m] = parent.endpointIndexOf(m);
            base[m] = all[m][4];
        }
        return finish(parent, List.of(ep), new int[] {parent.rank()}, jobRanks, eps, base, scratch.length(),
                region == null ? List.of() : List.of(region), parent.name() + ".dup").getFirst();
    }

    // ---------------------------------------------------------------- create

    public static List<Team> create(Team parent, List<EndpointLocation> members, boolean ranksAreJobRanks,
                             TeamScratch scratch) {
        Client client = parent.client();
        int me = client.jobRank();
        String problem = null;
        int n = members == null ? 0 : members.size();
        int[] js = new int[n];
        int[] eps = new int[n];
        Set<Integer> parentProcesses = new HashSet<>();
        for (int m = 0; m < parent.size(); m++) {
            parentProcesses.add(parent.jobRankOf(m));
        }
        if (members == null) {
            problem = "the member list is null (pass an empty list to create no team)";
        }
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < n && problem == null; i++) {
            EndpointLocation loc = members.get(i);
            if (loc == null) {
                problem = "member " + i + " is null";
                break;
            }
            if (ranksAreJobRanks) {
                js[i] = loc.jobRank();
            } else if (loc.jobRank() < 0 || loc.jobRank() >= parent.size()) {
                problem = "member " + i + " names rank " + loc.jobRank() + ", outside parent team " + parent.name()
                        + " of size " + parent.size() + " (section 5.3 rule 6)";
                break;
            } else {
                js[i] = parent.jobRankOf(loc.jobRank());
            }
            eps[i] = loc.index();
            if (!parentProcesses.contains(js[i])) {
                problem = "member " + i + " lives on PE " + js[i] + ", which has no member in parent team "
                        + parent.name() + " (section 5.3 rule 1)";
            } else if (eps[i] < 0) {
                problem = "member " + i + " has a negative endpoint index";
            } else if (!seen.add(((long) js[i] << 32) | eps[i])) {
                problem = "member " + i + " (PE " + js[i] + ", endpoint " + eps[i] + ") appears twice (section 5.3 rule 5)";
            }
        }
        List<Integer> localRanks = new ArrayList<>();
        for (int i = 0; i < n && problem == null; i++) {
            if (js[i] == me) {
                localRanks.add(i);
            }
        }
        List<Endpoint> localEps = new ArrayList<>();
        long[] localOffsets = new long[localRanks.size()];
        TeamScratch.Mode mode = scratch == null ? null : scratch.mode();
        if (problem == null && scratch == null && n > 0) {
            problem = "scratch is null (use TeamScratch.none() for NO_SCRATCH)";
        }
        for (int k = 0; k < localRanks.size() && problem == null; k++) {
            int i = localRanks.get(k);
            Endpoint ep = client.endpoint(eps[i]).orElse(null);
            if (ep == null) {
                problem = "member " + i + " is endpoint " + eps[i] + " of this PE, which does not exist";
                break;
            }
            localEps.add(ep);
            if (mode == TeamScratch.Mode.NO_SCRATCH) {
                continue;
            }
            long[] offs = scratch.offsets();
            int expected = mode == TeamScratch.Mode.SYMMETRIC ? 1 : mode == TeamScratch.Mode.LOCAL ? localRanks.size() : n;
            if (offs == null || offs.length != expected) {
                problem = mode + " scratch needs " + expected + " offsets here, not " + (offs == null ? 0 : offs.length)
                        + " (section 5.3 rule 19)";
                break;
            }
            localOffsets[k] = mode == TeamScratch.Mode.SYMMETRIC ? offs[0] : mode == TeamScratch.Mode.LOCAL ? offs[k] : offs[i];
            problem = regionProblem(client, ep, localOffsets[k], scratch.length(), n);
        }
        List<TeamScratch.Region> regions = new ArrayList<>();
        if (problem == null && n > 0 && mode != TeamScratch.Mode.NO_SCRATCH) {
            for (int k = 0; k < localEps.size(); k++) {
                TeamScratch.Region r = new TeamScratch.Region(localEps.get(k).location(), localOffsets[k],
                        scratch.length());
                if (!CLIENTS.teams(client).scratchTaken(r)) {
                    problem = "the scratch of endpoint " + localEps.get(k).index() + " overlaps another live team's";
                    break;
                }
                regions.add(r);
            }
        }
        // mine: ok, mode, length, n, js[n], eps[n], localCount, (ep, offset) per local member
        long[] mine = new long[5 + 2 * n + 2 * localEps.size()];
        mine[0] = problem == null ? OK : NOT_OK;
        mine[1] = mode == null ? -1 : mode.ordinal();
        mine[2] = scratch == null ? -1 : scratch.length();
        mine[3] = n;
        for (int i = 0; i < n; i++) {
            mine[4 + i] = js[i];
            mine[4 + n + i] = eps[i];
        }
        mine[4 + 2 * n] = localEps.size();
        for (int k = 0; k < localEps.size(); k++) {
            mine[5 + 2 * n + 2 * k] = localEps.get(k).index();
            mine[6 + 2 * n + 2 * k] = localOffsets[k];
        }
        long[][] all = exchangeVariable(parent, mine);
        String verdict = problem != null ? problem : firstFailure(all, parent);
        long[] base = new long[n];
        if (verdict == null) {
            verdict = checkCallers(all, mine, n, js, eps, base, me);
        }
        if (verdict != null) {
            for (TeamScratch.Region r : regions) {
                CLIENTS.teams(client).scratchReleased(r);
            }
            throw new BadArgumentException("create over team " + parent.name() + " on PE " + me + ": " + verdict);
        }
        if (n == 0) {
            parent.barrier();
            return List.of();
        }
        int[] ranks = localRanks.stream().mapToInt(Integer::intValue).toArray();
        String name = parent.name() + ".create(" + n + " members from PE " + js[0] + "/" + eps[0] + ")";
        return finish(parent, localEps, ranks, js, eps, base, mode == TeamScratch.Mode.NO_SCRATCH ? 0 : scratch.length(),
                regions, name);
    }

    /**
     * Rules 7 to 10 over every caller's exchanged arguments: non-empty lists identical or disjoint,
     * identical lists with the same mode and length, one caller per process for a team, every
     * member's offset reported by its owner. Fills {@code base} for this caller's team.
     */
    private static String checkCallers(long[][] all, long[] mine, int n, int[] js, int[] eps, long[] base, int me) {
        Set<Long> mineSet = new HashSet<>();
        for (int i = 0; i < n; i++) {
            mineSet.add(((long) js[i] << 32) | eps[i]);
        }
        Arrays.fill(base, -1);
        int sameOnThisProcess = 0;
        for (long[] v : all) {
            int vn = (int) v[3];
            if (vn == 0 || n == 0) {
                continue;
            }
            boolean identical = vn == n && Arrays.equals(v, 4, 4 + 2 * n, mine, 4, 4 + 2 * n);
            if (identical) {
                if (v[1] != mine[1] || v[2] != mine[2]) {
                    return "callers creating the same team passed different scratch modes or lengths (section 5.3 rules "
                            + "16 and 21)";
                }
                int locals = (int) v[4 + 2 * n];
                for (int k = 0; k < locals; k++) {
                    long ep = v[5 + 2 * n + 2 * k];
                    long off = v[6 + 2 * n + 2 * k];
                    for (int i = 0; i < n; i++) {
                        if (eps[i] == ep && js[i] == owner(v, n)) {
                            if (base[i] >= 0) {
                                return "two callers on PE " + js[i] + " created the same team (one caller per process "
                                        + "creates its members' handles)";
                            }
                            base[i] = off;
                        }
                    }
                }
                continue;
            }
            for (int i = 0; i < vn; i++) {
                if (mineSet.contains((v[4 + i] << 32) | v[4 + vn + i])) {
                    return "two callers' member lists overlap without being identical (section 5.3 rule 9)";
                }
            }
        }
        for (int i = 0; i < n; i++) {
            if (base[i] < 0) {
                return "no caller on PE " + js[i] + " created the team with endpoint " + eps[i]
                        + " (every process with members must pass the same list; section 5.3 rule 8)";
            }
        }
        return null;
    }

    /** The process of the caller whose arguments are {@code v}: where its local members live. */
    private static int owner(long[] v, int n) {
        return (int) v[v.length - 1]; // exchangeVariable appends it
    }

    /** Zeroes the local regions, waits for every parent member, then builds the local handles. */
    private static List<Team> finish(Team parent, List<Endpoint> localEps, int[] ranks, int[] js, int[] eps,
                                     long[] base, long length, List<TeamScratch.Region> regions, String name) {
        Client client = parent.client();
        boolean noScratch = regions.isEmpty();
        for (int k = 0; k < regions.size(); k++) {
            ENDPOINTS.bound(localEps.get(k)).memory().asSlice(regions.get(k).offset(), length).fill((byte) 0);
        }
        parent.barrier(); // every member's scratch is clear before anyone uses the new team
        RemoteMemory[] memory = new RemoteMemory[js.length];
        if (!noScratch) {
            for (int m = 0; m < js.length; m++) {
                memory[m] = CLIENTS.boundTarget(client, js[m], eps[m], "team creation").memory;
            }
        }
        List<Team> out = new ArrayList<>();
        for (int k = 0; k < localEps.size(); k++) {
            Endpoint ep = localEps.get(k);
            TeamAlgorithms algorithms = noScratch ? null : CLIENTS.teams(client).algorithmsOverScratch(ranks[k], memory, base,
                    ENDPOINTS.bound(ep).memory().asSlice(regions.get(k).offset(), length), length);
            out.add(TEAMS.createOverScratch(client, name, ep, ranks[k], js.clone(), eps.clone(), algorithms,
                    noScratch ? null : regions.get(k)));
        }
        return out;
    }

    /** Why a member's scratch region is unusable, or null. */
    private static String regionProblem(Client client, Endpoint ep, long offset, long length, int members) {
        Segment seg = ENDPOINTS.bound(ep);
        if (seg == null || seg.isDestroyed()) {
            return "endpoint " + ep.index() + " has no bound segment to hold its scratch";
        }
        if (seg.kind() != MemoryKind.HOST || KindCodes.classOf(CLIENTS.publishedKind(client, client.jobRank(), ep.index())) != MemoryKindClass.HOST) {
            return "the scratch of endpoint " + ep.index() + " must be in a published host-memory bound segment (seed 004 "
                    + "rule 20; use NO_SCRATCH for device endpoints)";
        }
        long min = Mailboxes.minimumBytes(members);
        if (length < min) {
            return "scratch length " + length + " is below the minimum of " + min + " for " + members + " members "
                    + "(see the scratch-size queries)";
        }
        if (offset < 0 || offset > seg.size() - length) {
            return "scratch [" + offset + ", " + offset + " + " + length + ") is outside the bound segment of endpoint "
                    + ep.index() + ", whose bounds are [0, " + seg.size() + ")";
        }
        return null;
    }

    private static String firstFailure(long[][] all, Team parent) {
        for (int m = 0; m < all.length; m++) {
            if (all[m][0] != OK) {
                return "member " + m + " of the parent (PE " + parent.jobRankOf(m) + ") passed invalid arguments "
                        + "(its exception says which)";
            }
        }
        return null;
    }

    /** Every parent member's {@code mine} (lengths may differ), by parent rank; the caller's jobrank appended. */
    private static long[][] exchangeVariable(Team parent, long[] mine) {
        long[] withOwner = Arrays.copyOf(mine, mine.length + 1);
        withOwner[mine.length] = parent.client().jobRank();
        TeamAlgorithms a = TEAMS.algorithms(parent);
        long[] lengths = a.allgatherLongs(withOwner.length);
        long[] counts = new long[lengths.length];
        long total = 0;
        for (int m = 0; m < lengths.length; m++) {
            counts[m] = lengths[m] * Long.BYTES;
            total += lengths[m];
        }
        MemorySegment out = MemorySegment.ofArray(new long[(int) total]);
        a.allgather(MemorySegment.ofArray(withOwner), out, counts);
        long[][] all = new long[lengths.length][];
        long at = 0;
        for (int m = 0; m < lengths.length; m++) {
            all[m] = out.asSlice(at * Long.BYTES, lengths[m] * Long.BYTES).toArray(ValueLayout.JAVA_LONG);
            at += lengths[m];
        }
        return all;
    }
}
