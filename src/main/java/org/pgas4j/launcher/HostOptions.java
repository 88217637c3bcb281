package org.pgas4j.launcher;

import java.util.List;

/**
 * The options of {@code pgas4j run} about where PEs run: the hosts, the rendezvous address, the
 * spawner, the Slurm mode and the variables forwarded to remote PEs.
 *
 * @param hosts the hosts from {@code --hosts} or {@code --hostfile}, in order; empty: this host only
 * @param rendezvousAddress the address the rendezvous server listens on ({@code --rendezvous-address}),
 *        or null to choose it
 * @param spawner the spawner named with the hidden {@code --spawner} option, or null for the
 *        {@code pgas4j.launcher.spawner} property or the default
 * @param slurm whether {@code --slurm} was given: one PE per Slurm task
 * @param forwardedVariables {@code --env NAME} or {@code --env NAME=VALUE} entries, in order
 */
record HostOptions(List<HostList.Host> hosts, String rendezvousAddress, String spawner, boolean slurm,
                   List<String> forwardedVariables) {
    /** No host options: every PE on this host, as before. */
    static final HostOptions NONE = new HostOptions(List.of(), null, null, false, List.of());

    /** Copies the lists. */
    HostOptions {
        hosts = List.copyOf(hosts);
        forwardedVariables = List.copyOf(forwardedVariables);
    }

    /** Whether the job was placed on named hosts. */
    boolean placed() {
        return !hosts.isEmpty();
    }
}
