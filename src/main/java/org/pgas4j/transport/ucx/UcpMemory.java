package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A memory region registered with a UCP context ({@code ucp_mem_h}), with its remote key packed
 * once ({@code ucp_rkey_pack}) so it can be sent to peers. Created by
 * {@link UcpContext#allocate(long)} or {@link UcpContext#register(MemorySegment)}.
 */
public final class UcpMemory implements AutoCloseable {
    private final UcpContext context;
    private final MemorySegment memh;
    private final MemorySegment segment;
    private final byte[] packedKey;
    private boolean open = true;

    private UcpMemory(UcpContext context, MemorySegment memh, MemorySegment segment, byte[] packedKey) {
        this.context = context;
        this.memh = memh;
        this.segment = segment;
        this.packedKey = packedKey;
    }

    static UcpMemory map(UcpContext context, MemorySegment address, long length, int flags) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment params = arena.allocate(UcpMemMapParams.LAYOUT);
            params.set(JAVA_LONG, UcpMemMapParams.FIELD_MASK, UcpMemMapParams.FIELD_ADDRESS
                    | UcpMemMapParams.FIELD_LENGTH | UcpMemMapParams.FIELD_FLAGS);
            params.set(ADDRESS, UcpMemMapParams.ADDRESS_FIELD, address);
            params.set(JAVA_LONG, UcpMemMapParams.LENGTH, length);
            params.set(JAVA_INT, UcpMemMapParams.FLAGS, flags);
            MemorySegment out = arena.allocate(ADDRESS);
            byte status = (byte) Ucp.MEM_MAP.invokeExact(context.handle(), params, out);
            UcsStatus.check("ucp_mem_map", status);
            MemorySegment memh = out.get(ADDRESS, 0);
            try {
                UcpMemory m = new UcpMemory(context, memh, query(arena, memh), pack(arena, context, memh));
                context.track(m.segment);
                return m;
            } catch (RuntimeException e) {
                byte ignored = (byte) Ucp.MEM_UNMAP.invokeExact(context.handle(), memh);
                throw e;
            }
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_mem_map", t);
        }
    }

    private static MemorySegment query(Arena arena, MemorySegment memh) throws Throwable {
        MemorySegment attr = arena.allocate(UcpMemMapParams.ATTR_LAYOUT);
        attr.set(JAVA_LONG, UcpMemMapParams.ATTR_FIELD_MASK, UcpMemMapParams.ATTR_FIELD_ADDRESS
                | UcpMemMapParams.ATTR_FIELD_LENGTH);
        byte status = (byte) Ucp.MEM_QUERY.invokeExact(memh, attr);
        UcsStatus.check("ucp_mem_query", status);
        MemorySegment base = attr.get(ADDRESS, UcpMemMapParams.ATTR_ADDRESS);
        return base.reinterpret(attr.get(JAVA_LONG, UcpMemMapParams.ATTR_LENGTH));
    }

    private static byte[] pack(Arena arena, UcpContext context, MemorySegment memh) throws Throwable {
        MemorySegment bufferOut = arena.allocate(ADDRESS);
        MemorySegment sizeOut = arena.allocate(JAVA_LONG);
        byte status = (byte) Ucp.RKEY_PACK.invokeExact(context.handle(), memh, bufferOut, sizeOut);
        UcsStatus.check("ucp_rkey_pack", status);
        MemorySegment buffer = bufferOut.get(ADDRESS, 0).reinterpret(sizeOut.get(JAVA_LONG, 0));
        byte[] copy = buffer.toArray(JAVA_BYTE);
        Ucp.RKEY_BUFFER_RELEASE.invokeExact(buffer);
        return copy;
    }

    /**
     * The registered memory, for local loads and stores.
     *
     * @return a segment over the whole region (UCX may round a registration out to pages)
     */
    public MemorySegment segment() {
        return segment;
    }

    /**
     * The region's base address, which peers use as the remote address of offset 0.
     *
     * @return the virtual address in this process
     */
    public long address() {
        return segment.address();
    }

    /**
     * The packed remote key, to send to peers, who unpack it with
     * {@link UcpEndpoint#unpack(byte[])}.
     *
     * @return a copy of the key bytes
     */
    public byte[] packedKey() {
        return packedKey.clone();
    }

    /**
     * The context the region is registered with.
     *
     * @return the context
     */
    public UcpContext context() {
        return context;
    }

    /** Unregisters (and frees, if UCX allocated it) the region ({@code ucp_mem_unmap}). */
    @Override
    public void close() {
        if (!open) {
            return;
        }
        open = false;
        context.untrack(segment);
        try {
            byte status = (byte) Ucp.MEM_UNMAP.invokeExact(context.handle(), memh);
            UcsStatus.check("ucp_mem_unmap", status);
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_mem_unmap", t);
        }
    }
}
