package org.pgas4j.launcher;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.pgas4j.BadArgumentException;
import org.pgas4j.KindRules;
import org.pgas4j.MemoryKindClass;
import org.pgas4j.Setting;
import org.pgas4j.Settings;
import org.pgas4j.gaspi.GaspiSettings;
import org.pgas4j.shmem.ShmemSettings;
import org.pgas4j.bootstrap.ShmFiles;

/**
 * {@code pgas4j info}: what this installation is and can do: version, JDK, transports, memory
 * kinds, limits and every setting with its current value. Prints what it can even when parts of
 * pgas4j (a transport provider) are missing or broken.
 */
final class InfoCommand {
    private InfoCommand() {
    }

    /** Prints the report to {@code out}; returns the exit status (0). */
    static int run(PrintStream out) {
        out.println("pgas4j " + SelfLocation.version());
        out.println();
        out.println("JDK:");
        out.println("  version   " + System.getProperty("java.version"));
        out.println("  vendor    " + System.getProperty("java.vendor"));
        out.println("  home      " + System.getProperty("java.home"));
        out.println();
        out.println("Transports:");
        List<TransportCatalog.Entry> providers = TransportCatalog.providers();
        if (providers.isEmpty()) {
            out.println("  (no transport provider found on the class path)");
        }
        for (TransportCatalog.Entry e : providers) {
            if (e.loadError() != null) {
                out.println("  (a provider failed to load: " + e.loadError() + ")");
            } else {
                String why = e.unavailableReason();
                String state = why == null ? "available" : "unavailable: " + why;
                out.printf("  %-8s %s%n  %-8s %s%n", e.name(), state, "", e.description());
            }
        }
        out.println();
        out.println("Memory kinds (classes):");
        for (MemoryKindClass c : MemoryKindClass.values()) {
            out.printf("  %-10s %s%n", c, c.unavailableReason().map(r -> "unavailable: " + r).orElse("available"));
            if (c == MemoryKindClass.CUDA_UVA || c == MemoryKindClass.HIP || c == MemoryKindClass.ZE) {
                out.printf("  %-10s library: %s%n", "", c.library().orElse("none found"));
            }
            out.printf("  %-10s %s%n", "", rules(c.rules()));
        }
        out.println();
        out.println("Limits:");
        long largest = ShmFiles.largestSegment();
        out.printf("  largest segment   %s (%d bytes free in %s)%n", humanBytes(largest), largest, ShmFiles.directory());
        String endpoints;
        try {
            endpoints = String.valueOf(Settings.MAX_ENDPOINTS.value());
        } catch (BadArgumentException e) {
            endpoints = "invalid: " + e.getMessage();
        }
        out.println("  max endpoints     " + endpoints);
        out.println();
        out.println("Settings (system property, environment variable = current value):");
        List<Setting<?>> all = new ArrayList<>(Settings.all());
        all.addAll(ShmemSettings.all());
        all.addAll(GaspiSettings.all());
        for (Setting<?> s : all) {
            out.printf("  %s, %s = %s%s%n", s.property(), s.environment(), s.text(), source(s));
            out.println("      " + s.doc() + " (default " + s.defaultText() + ")");
        }
        out.flush();
        return 0;
    }

    private static String source(Setting<?> s) {
        if (System.getProperty(s.property()) != null) {
            return "  (from the system property)";
        }
        if (System.getenv(s.environment()) != null) {
            return "  (from the environment)";
        }
        return "  (default)";
    }

    private static String rules(KindRules r) {
        return "rules: RMA " + (r.rma() ? "yes" : "no") + ", atomics " + (r.atomics() ? "yes" : "no")
                + ", load/store " + (r.directLoadStore() ? "yes" : "no") + ", persistent " + (r.persistent() ? "yes" : "no")
                + ", same-host mappable " + (r.sameHostMappable() ? "yes" : "no") + ", client memory aligned to "
                + r.addressAlignment() + " B";
    }

    private static String humanBytes(long bytes) {
        String[] units = {"bytes", "KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return u == 0 ? bytes + " bytes" : String.format("%.1f %s", v, units[u]);
    }
}
