package org.pgas4j.launcher;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The hosts a job may run on, in order, each with its number of slots (PEs it takes): from
 * {@code --hosts h1:4,h2:4} or from a host file of {@code host slots} lines with {@code #}
 * comments. A host without a count has one slot.
 */
final class HostList {
    /** The largest slot count accepted for one host. */
    static final int MAX_SLOTS = RunOptions.MAX_PES;

    /**
     * One host and its slots.
     *
     * @param name the host name as the user wrote it (for ssh, or a namespace name for tests)
     * @param slots how many PEs it takes at most
     */
    record Host(String name, int slots) {
    }

    private HostList() {
    }

    /**
     * Parses {@code h1:4,h2:4}.
     *
     * @throws UsageException naming the bad entry
     */
    static List<Host> parse(String text) {
        List<Host> hosts = new ArrayList<>();
        for (String entry : text.split(",", -1)) {
            String e = entry.trim();
            if (e.isEmpty()) {
                throw new UsageException("--hosts '" + text + "' has an empty entry; write host:slots,host:slots");
            }
            int colon = e.lastIndexOf(':');
            hosts.add(colon < 0 ? host(e, "1", "--hosts") : host(e.substring(0, colon), e.substring(colon + 1), "--hosts"));
        }
        return checked(hosts, "--hosts");
    }

    /**
     * Reads a host file: one {@code host slots} per line ({@code slots=N} is accepted too, as in
     * Open MPI's host files), {@code #} starts a comment, blank lines are skipped.
     *
     * @throws UsageException when the file cannot be read or a line is malformed
     */
    static List<Host> read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UsageException("--hostfile " + file + " cannot be read: " + e.getMessage());
        }
        return parseLines(lines, "--hostfile " + file);
    }

    /** Parses the lines of a host file; {@code where} names it in messages. */
    static List<Host> parseLines(List<String> lines, String where) {
        List<Host> hosts = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int hash = line.indexOf('#');
            String content = (hash >= 0 ? line.substring(0, hash) : line).trim();
            if (content.isEmpty()) {
                continue;
            }
            String[] words = content.split("\\s+");
            String lineName = where + " line " + (i + 1);
            if (words.length > 2) {
                throw new UsageException(lineName + " '" + content + "' is not 'host slots'");
            }
            String slots = words.length == 1 ? "1" : words[1].startsWith("slots=") ? words[1].substring(6) : words[1];
            hosts.add(host(words[0], slots, lineName));
        }
        if (hosts.isEmpty()) {
            throw new UsageException(where + " names no host");
        }
        return checked(hosts, where);
    }

    private static Host host(String name, String slots, String where) {
        if (name.isEmpty() || !name.matches("[A-Za-z0-9_.\\-\\[\\]:@]+")) {
            throw new UsageException(where + ": '" + name + "' is not a host name");
        }
        int n;
        try {
            n = Integer.parseInt(slots.trim());
        } catch (NumberFormatException e) {
            throw new UsageException(where + ": host " + name + " has slots '" + slots + "', not a whole number");
        }
        if (n < 1 || n > MAX_SLOTS) {
            throw new UsageException(where + ": host " + name + " has " + n + " slots, outside [1, " + MAX_SLOTS + "]");
        }
        return new Host(name, n);
    }

    private static List<Host> checked(List<Host> hosts, String where) {
        Set<String> seen = new LinkedHashSet<>();
        for (Host h : hosts) {
            if (!seen.add(h.name())) {
                throw new UsageException(where + " names host " + h.name() + " twice; give it once with all its slots");
            }
        }
        return List.copyOf(hosts);
    }
}
