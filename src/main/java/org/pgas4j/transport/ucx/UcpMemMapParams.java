package org.pgas4j.transport.ucx;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;

/**
 * {@code ucp_mem_map_params_t} (argument of {@code ucp_mem_map}) and {@code ucp_mem_attr_t}
 * (result of {@code ucp_mem_query}), with their field masks and flags. The memory-type field is
 * laid out but never set: its enum values differ between UCX versions.
 */
public final class UcpMemMapParams {
    /** The C layout of {@code ucp_mem_map_params_t} (LP64), padding written out. */
    public static final StructLayout LAYOUT = MemoryLayout.structLayout(
            JAVA_LONG.withName("field_mask"),
            ADDRESS.withName("address"),
            JAVA_LONG.withName("length"),
            JAVA_INT.withName("flags"),
            JAVA_INT.withName("prot"),
            JAVA_INT.withName("memory_type"),
            MemoryLayout.paddingLayout(4)).withName("ucp_mem_map_params_t");

    /** The C layout of {@code ucp_mem_attr_t} (LP64), padding written out. */
    public static final StructLayout ATTR_LAYOUT = MemoryLayout.structLayout(
            JAVA_LONG.withName("field_mask"),
            ADDRESS.withName("address"),
            JAVA_LONG.withName("length"),
            JAVA_INT.withName("mem_type"),
            MemoryLayout.paddingLayout(4)).withName("ucp_mem_attr_t");

    /** {@code UCP_MEM_MAP_PARAM_FIELD_ADDRESS}. */
    public static final long FIELD_ADDRESS = 1L << 0;
    /** {@code UCP_MEM_MAP_PARAM_FIELD_LENGTH}. */
    public static final long FIELD_LENGTH = 1L << 1;
    /** {@code UCP_MEM_MAP_PARAM_FIELD_FLAGS}. */
    public static final long FIELD_FLAGS = 1L << 2;
    /** {@code UCP_MEM_MAP_PARAM_FIELD_PROT}. */
    public static final long FIELD_PROT = 1L << 3;
    /** {@code UCP_MEM_MAP_PARAM_FIELD_MEMORY_TYPE}. */
    public static final long FIELD_MEMORY_TYPE = 1L << 4;

    /** {@code UCP_MEM_MAP_NONBLOCK}: map pages lazily. */
    public static final int FLAG_NONBLOCK = 1 << 0;
    /** {@code UCP_MEM_MAP_ALLOCATE}: UCX allocates the memory. */
    public static final int FLAG_ALLOCATE = 1 << 1;
    /** {@code UCP_MEM_MAP_FIXED}: place the mapping exactly at the given address. */
    public static final int FLAG_FIXED = 1 << 2;

    /** {@code UCP_MEM_ATTR_FIELD_ADDRESS}. */
    public static final long ATTR_FIELD_ADDRESS = 1L << 0;
    /** {@code UCP_MEM_ATTR_FIELD_LENGTH}. */
    public static final long ATTR_FIELD_LENGTH = 1L << 1;
    /** {@code UCP_MEM_ATTR_FIELD_MEM_TYPE}. */
    public static final long ATTR_FIELD_MEM_TYPE = 1L << 2;

    static final long FIELD_MASK = LAYOUT.byteOffset(groupElement("field_mask"));
    static final long ADDRESS_FIELD = LAYOUT.byteOffset(groupElement("address"));
    static final long LENGTH = LAYOUT.byteOffset(groupElement("length"));
    static final long FLAGS = LAYOUT.byteOffset(groupElement("flags"));
    static final long ATTR_FIELD_MASK = ATTR_LAYOUT.byteOffset(groupElement("field_mask"));
    static final long ATTR_ADDRESS = ATTR_LAYOUT.byteOffset(groupElement("address"));
    static final long ATTR_LENGTH = ATTR_LAYOUT.byteOffset(groupElement("length"));

    private UcpMemMapParams() {
    }
}
