package org.pgas4j.gaspi;

/**
 * What a peer told this rank when it registered a segment with it ({@code gaspi_segment_register}):
 * where the segment is bound on the peer, its size, and its notification area there.
 *
 * @param endpoint the index of the peer's endpoint the segment is bound to
 * @param size the segment's size in bytes
 * @param area the segment's notification area in the peer's management memory
 */
record RemoteSegment(int endpoint, long size, int area) {
}
