package org.pgas4j.bench;

/**
 * The layout of the shared file of the raw ping-pong baseline ({@link RawPingPongProbe}): two
 * flags, each written by one process only and on a cache line of its own (128 bytes apart, so
 * the adjacent-line prefetcher does not pair them). The file starts zero-filled; round numbers
 * start at 1.
 *
 * <pre>
 *   0                   8                 128                 136              4096
 *   +-------------------+-----------------+-------------------+-----------------+
 *   | ping: long        |   (unused)      | pong: long        |   (unused)      |
 *   | written by "ping" |                 | written by "pong" |                 |
 *   +-------------------+-----------------+-------------------+-----------------+
 * </pre>
 */
final class PingPongFileDescriptor {
    /** The round the pinger last sent. */
    static final long PING_OFFSET = 0;
    /** The round the ponger last answered. */
    static final long PONG_OFFSET = 128;
    /** The file's length: one page. */
    static final long LENGTH = 4096;

    private PingPongFileDescriptor() {
    }
}
