package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;

/**
 * UCX's own descriptions of a context, worker or endpoint ({@code ucp_*_print_info}), captured as
 * text through a libc {@code open_memstream}: which transports and devices an endpoint's lanes
 * use, for diagnostics and tests. Not for hot paths.
 */
public final class UcpInfo {
    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle OPEN_MEMSTREAM = libc("open_memstream",
            FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle FCLOSE = libc("fclose", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle FREE = libc("free", FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle CONTEXT = UcpLibrary.downcall("ucp_context_print_info",
            FunctionDescriptor.ofVoid(ADDRESS, ADDRESS), false);
    private static final MethodHandle WORKER = UcpLibrary.downcall("ucp_worker_print_info",
            FunctionDescriptor.ofVoid(ADDRESS, ADDRESS), false);
    private static final MethodHandle ENDPOINT = UcpLibrary.downcall("ucp_ep_print_info",
            FunctionDescriptor.ofVoid(ADDRESS, ADDRESS), false);

    private UcpInfo() {
    }

    /**
     * Describes a context: its transports and devices.
     *
     * @param context an open context
     * @return UCX's text
     */
    public static String of(UcpContext context) {
        return capture(CONTEXT, context.handle(), "ucp_context_print_info");
    }

    /**
     * Describes a worker: its interfaces and address.
     *
     * @param worker an open worker
     * @return UCX's text
     */
    public static String of(UcpWorker worker) {
        return capture(WORKER, worker.handle(), "ucp_worker_print_info");
    }

    /**
     * Describes an endpoint: its lanes, each with transport and device (for example
     * {@code tcp/lo}).
     *
     * @param endpoint an open endpoint
     * @return UCX's text
     */
    public static String of(UcpEndpoint endpoint) {
        return capture(ENDPOINT, endpoint.handle(), "ucp_ep_print_info");
    }

    private static String capture(MethodHandle print, MemorySegment object, String call) {
        UcpLibrary.require();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment bufferOut = arena.allocate(ADDRESS);
            MemorySegment sizeOut = arena.allocate(JAVA_LONG);
            MemorySegment stream = (MemorySegment) OPEN_MEMSTREAM.invokeExact(bufferOut, sizeOut);
            if (stream.equals(MemorySegment.NULL)) {
                throw new IllegalStateException("open_memstream failed");
            }
            print.invokeExact(object, stream);
            int closed = (int) FCLOSE.invokeExact(stream);
            MemorySegment buffer = bufferOut.get(ADDRESS, 0);
            try {
                if (closed != 0) {
                    throw new IllegalStateException("fclose of the memory stream failed");
                }
                byte[] text = buffer.reinterpret(sizeOut.get(JAVA_LONG, 0)).toArray(JAVA_BYTE);
                return new String(text, StandardCharsets.UTF_8);
            } finally {
                FREE.invokeExact(buffer);
            }
        } catch (Throwable t) {
            throw UcpLibrary.failure(call, t);
        }
    }

    private static MethodHandle libc(String name, FunctionDescriptor descriptor) {
        return LINKER.defaultLookup().find(name).map(s -> LINKER.downcallHandle(s, descriptor)).orElse(null);
    }
}
