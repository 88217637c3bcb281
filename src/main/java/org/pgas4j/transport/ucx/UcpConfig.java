package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.ADDRESS;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Map;

/**
 * A {@code ucp_config_t}: UCX's settings read from the {@code UCX_*} environment
 * ({@code ucp_config_read}), then overridden one by one ({@code ucp_config_modify}, names without
 * the {@code UCX_} prefix, for example {@code TLS=tcp}). Lives only while a context is created.
 */
final class UcpConfig implements AutoCloseable {
    private final MemorySegment handle;

    private UcpConfig(MemorySegment handle) {
        this.handle = handle;
    }

    /**
     * Reads the environment's settings and applies {@code overrides} on top.
     *
     * @param overrides UCX setting name (without {@code UCX_}) to value
     * @throws UcxException naming the setting when UCX rejects it
     */
    static UcpConfig read(Map<String, String> overrides) {
        UcpLibrary.require();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ADDRESS);
            byte status = (byte) Ucp.CONFIG_READ.invokeExact(MemorySegment.NULL, MemorySegment.NULL, out);
            UcsStatus.check("ucp_config_read", status);
            UcpConfig config = new UcpConfig(out.get(ADDRESS, 0));
            try {
                for (Map.Entry<String, String> e : overrides.entrySet()) {
                    config.modify(arena, e.getKey(), e.getValue());
                }
            } catch (RuntimeException e) {
                config.close();
                throw e;
            }
            return config;
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_config_read", t);
        }
    }

    private void modify(Arena arena, String name, String value) throws Throwable {
        byte status = (byte) Ucp.CONFIG_MODIFY.invokeExact(handle, arena.allocateFrom(name), arena.allocateFrom(value));
        UcsStatus.check("ucp_config_modify(" + name + "=" + value + ")", status);
    }

    /**
     * The {@code ucp_config_t*} to pass to {@code ucp_init_version}.
     *
     * @return the native handle
     */
    MemorySegment handle() {
        return handle;
    }

    /** Releases the configuration ({@code ucp_config_release}). */
    @Override
    public void close() {
        try {
            Ucp.CONFIG_RELEASE.invokeExact(handle);
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_config_release", t);
        }
    }
}
