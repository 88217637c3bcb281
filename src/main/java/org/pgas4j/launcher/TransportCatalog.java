package org.pgas4j.launcher;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeSet;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Settings;
import org.pgas4j.spi.TransportProvider;

/**
 * The transports the launcher knows: the two it launches itself ({@code shm}: one process per PE;
 * {@code local}: threads of one JVM) and every {@link TransportProvider} on its class path.
 */
final class TransportCatalog {
    /** One process per PE on this host. */
    static final String SHM = "shm";
    /** All PEs as threads of one JVM. */
    static final String LOCAL = "local";

    /**
     * One transport as seen through {@link ServiceLoader}.
     *
     * @param name the name, or null when the provider failed to load
     * @param description its one-line description
     * @param provider the provider, or null when it failed to load
     * @param loadError null, or why the provider could not be loaded
     */
    record Entry(String name, String description, TransportProvider provider, String loadError) {
        /**
         * Null when the transport is usable here, else why not. Asked only of the transport a
         * command uses (and by {@code info} of all): UCX's check loads and binds libucp, about 15
         * ms of a {@code bin/pgas4j exec} step that needs no UCX.
         */
        String unavailableReason() {
            if (provider == null) {
                return null;
            }
            try {
                return provider.unavailableReason();
            } catch (RuntimeException | LinkageError e) {
                return "its availability check failed: " + e;
            }
        }
    }

    private TransportCatalog() {
    }

    /** Every provider on the class path, in discovery order; a broken provider becomes an entry with a load error. */
    static List<Entry> providers() {
        List<Entry> entries = new ArrayList<>();
        ServiceLoader<TransportProvider> loader = ServiceLoader.load(TransportProvider.class, Launcher.class.getClassLoader());
        var it = loader.iterator();
        while (true) {
            try {
                if (!it.hasNext()) {
                    break;
                }
                TransportProvider p = it.next();
                entries.add(new Entry(p.name(), p.description(), p, null));
            } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
                entries.add(new Entry(null, null, null, String.valueOf(e.getMessage())));
                if (e instanceof ServiceConfigurationError && e.getCause() == null) {
                    break; // the configuration file itself is broken: iterating further repeats the error
                }
            }
        }
        return entries;
    }

    /**
     * Why the transport {@code name} cannot run here, asking only the providers of that name; null
     * when it can, or when no provider has that name (the launcher's own {@code shm}, {@code local}
     * and {@code auto}).
     */
    private static String unavailableReason(List<Entry> providers, String name) {
        for (Entry e : providers) {
            String why = name.equals(e.name()) ? e.unavailableReason() : null;
            if (why != null) {
                return why;
            }
        }
        return null;
    }

    /** Every transport name the launcher accepts, sorted. */
    static List<String> knownNames(List<Entry> providers) {
        TreeSet<String> names = new TreeSet<>(List.of(SHM, LOCAL, Settings.AUTO_TRANSPORT));
        for (Entry e : providers) {
            if (e.name() != null) {
                names.add(e.name());
            }
        }
        return List.copyOf(names);
    }

    /**
     * The transport a job spanning {@code hosts} hosts opens for {@code chosen} (what
     * {@link #choose} returned): {@code auto} becomes {@code shm} on one host and {@code hybrid}
     * on several.
     *
     * @throws UsageException if that transport cannot run here
     */
    static String resolve(String chosen, int hosts) {
        String name = Settings.resolveTransport(chosen, hosts);
        if (name.equals(chosen)) {
            return name;
        }
        String why = unavailableReason(providers(), name);
        if (why != null) {
            throw new UsageException("the job spans " + hosts + " hosts, so its transport is " + name
                    + ", which cannot run on this host: " + why + " (--transport shm serves hosts that share /dev/shm)");
        }
        return name;
    }

    /**
     * The transport of a job: {@code requested} if given, else the configured default
     * ({@code pgas4j.transport} / {@code PGAS4J_TRANSPORT}); {@code auto} stays, for
     * {@link #resolve} once the job's hosts are known.
     *
     * @throws UsageException for an unknown name, or a transport that cannot run here
     */
    static String choose(String requested) {
        String name;
        if (requested != null) {
            name = requested.trim().toLowerCase(java.util.Locale.ROOT);
        } else {
            try {
                name = Settings.TRANSPORT.value();
            } catch (BadArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        List<Entry> providers = providers();
        List<String> known = knownNames(providers);
        if (!known.contains(name)) {
            throw new UsageException("unknown transport '" + name + "'; known transports: " + String.join(", ", known));
        }
        String why = unavailableReason(providers, name);
        if (why != null) {
            throw new UsageException("transport " + name + " cannot run on this host: " + why);
        }
        return name;
    }
}
