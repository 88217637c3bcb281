package org.pgas4j.transport.ucx;

import java.util.HashMap;
import java.util.TreeMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The UCX settings pgas4j chooses where neither its caller nor the {@code UCX_*} environment
 * does: each is applied only when the setting (or, for a pair that must agree, either of the
 * pair) is unset in both, so a user's choice always wins.
 *
 * <ul>
 *   <li>{@code ATOMIC_MODE=cpu}: UCX's atomics must stay atomic with the processor's, which
 *       same-host PEs of a hybrid job and aggregated atomics ({@link UcxAtomicBatches}) use on the
 *       same words. Over tcp and shared memory UCX performs them so anyway; a network adapter's
 *       own atomics are used only where they are coherent with the processor's.</li>
 *   <li>tcp's {@code TX_SEG_SIZE=64k} and {@code RX_SEG_SIZE=128k} (the variables
 *       {@code UCX_TCP_TX_SEG_SIZE} and {@code UCX_TCP_RX_SEG_SIZE}; UCX's defaults: 8k and 64k),
 *       where the transports chosen may include tcp.
 *       Over tcp UCX performs a put as active messages of at most one send segment each, every
 *       one a {@code send(2)} at the origin and a completion message back from the target. With
 *       8 KiB segments both processes spent their cores in the kernel's per-message paths: a
 *       stream of 32 KiB puts over loopback moved 1,430-1,790 MB/s, with these
 *       3,620-3,860 (issue 23; {@code docs/ucx-transport.md}). The cost is memory: a connection
 *       that is sending or receiving holds a buffer of each from the interface's pool (UCX makes
 *       receive buffers twice the segment), about 320 KiB instead of 136. The receive segment is
 *       twice the send one: with both at 64 KiB, 32 KiB puts streamed 3,220-3,320 MB/s against
 *       3,620-3,750 (128 KiB and 1 MiB puts alike either way).</li>
 * </ul>
 */
public final class UcxDefaults {
    /** The send segment size pgas4j asks of UCX's tcp transport. */
    static final String TCP_TX_SEG_SIZE = "64k";
    /** The receive segment size pgas4j asks of UCX's tcp transport. */
    static final String TCP_RX_SEG_SIZE = "128k";
    /** tcp's settings, named as {@code ucp_config_modify} takes them (see {@link #apply}). */
    private static final Map<String, String> TCP_SEGMENTS = Map.of("TX_SEG_SIZE", TCP_TX_SEG_SIZE,
            "RX_SEG_SIZE", TCP_RX_SEG_SIZE);
    /** The prefix of tcp's settings among UCX's variables. */
    private static final String TCP_PREFIX = "UCX_TCP_";
    /** The atomic mode pgas4j asks of UCX. */
    private static final Map<String, String> CPU_ATOMICS = Map.of("ATOMIC_MODE", "cpu");

    private UcxDefaults() {
    }

    /**
     * {@code settings} (names without {@code UCX_}) with pgas4j's defaults added where neither
     * they nor the environment choose.
     */
    static Map<String, String> apply(Map<String, String> settings) {
        return apply(settings, System::getenv);
    }

    /**
     * {@link #apply(Map)} with {@code environment} giving a variable's value (null: unset), so that
     * tests can choose it.
     */
    static Map<String, String> apply(Map<String, String> settings, UnaryOperator<String> environment) {
        Map<String, String> all = new HashMap<>(settings);
        addUnlessChosen(all, environment, CPU_ATOMICS, "UCX_");
        if (mayUseTcp(all, environment)) {
            // ucp_config_modify takes a transport's settings without its prefix ("TCP_TX_SEG_SIZE"
            // is refused as invalid) and hands them to every transport that has one so named:
            // in UCX 1.13 only tcp does.
            addUnlessChosen(all, environment, TCP_SEGMENTS, TCP_PREFIX);
        }
        return all;
    }

    /** What {@link #apply} chooses, as UCX's variables, for {@code bin/pgas4j info}. */
    static String describe() {
        return "UCX_ATOMIC_MODE=" + CPU_ATOMICS.get("ATOMIC_MODE") + " and, over tcp, " + TCP_PREFIX + "TX_SEG_SIZE="
                + TCP_TX_SEG_SIZE + " and " + TCP_PREFIX + "RX_SEG_SIZE=" + TCP_RX_SEG_SIZE;
    }

    /**
     * The {@code UCX_*} variables that give another UCX program (a benchmark's {@code ucx_perftest})
     * the tcp settings that pgas4j's own jobs take in {@code environment}: empty where that
     * environment chooses them itself or leaves tcp out, so that the program runs as the jobs do.
     *
     * @param environment the variables the jobs and the program both get
     * @return variable name to value, in a stable order
     */
    public static Map<String, String> tcpVariables(Map<String, String> environment) {
        Map<String, String> chosen = apply(Map.of(), environment::get);
        Map<String, String> variables = new TreeMap<>();
        for (String name : TCP_SEGMENTS.keySet()) {
            if (chosen.containsKey(name)) {
                variables.put(TCP_PREFIX + name, chosen.get(name));
            }
        }
        return variables;
    }

    /**
     * Whether the transports chosen ({@code TLS}: unset, {@code all}, a list naming {@code tcp}, or
     * a list of exclusions not naming it) and the network devices chosen ({@code NET_DEVICES}) may
     * include tcp: UCX warns of settings no transport takes.
     */
    static boolean mayUseTcp(Map<String, String> settings, UnaryOperator<String> environment) {
        return tcpAmongTransports(chosen(settings, environment, "TLS"))
                && tcpAmongDevices(chosen(settings, environment, "NET_DEVICES"));
    }

    /** The caller's setting {@code name}, else the environment's {@code UCX_name}, else null. */
    private static String chosen(Map<String, String> settings, UnaryOperator<String> environment, String name) {
        return settings.containsKey(name) ? settings.get(name) : environment.apply("UCX_" + name);
    }

    /**
     * Whether network devices {@code devices} ({@code NET_DEVICES}: unset, {@code all}, or a list)
     * may include one tcp uses: an interface name ({@code eth0}, {@code lo}), where an RDMA port is
     * named with its port number ({@code mlx5_0:1}).
     */
    private static boolean tcpAmongDevices(String devices) {
        if (devices == null || devices.isBlank()) {
            return true;
        }
        for (String d : devices.split(",")) {
            String name = d.strip();
            if (name.equals("all") || !name.isEmpty() && !name.contains(":")) {
                return true;
            }
        }
        return false;
    }

    /** Whether transports {@code tls} ({@code TLS}) may include tcp. */
    private static boolean tcpAmongTransports(String tls) {
        if (tls == null || tls.isBlank()) {
            return true;
        }
        boolean excluding = tls.startsWith("^");
        boolean names = false;
        for (String t : (excluding ? tls.substring(1) : tls).split(",")) {
            String name = t.strip();
            names |= name.equals("tcp");
            if (name.equals("all")) {
                return true;
            }
        }
        return excluding != names;
    }

    /**
     * Adds all of {@code group} to {@code all} unless any of it is set there or in the environment
     * (as {@code envPrefix} and the name: UCX's variables name a transport's settings with its prefix).
     */
    private static void addUnlessChosen(Map<String, String> all, UnaryOperator<String> environment,
            Map<String, String> group, String envPrefix) {
        for (String name : group.keySet()) {
            if (all.containsKey(name) || environment.apply(envPrefix + name) != null) {
                return;
            }
        }
        all.putAll(group);
    }
}
