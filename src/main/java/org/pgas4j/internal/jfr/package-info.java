/**
 * pgas4j's Java Flight Recorder events (category "pgas4j"): barriers and collectives, long waits,
 * slow active-message handlers, segment and endpoint life, job aborts. Each event class offers a
 * static {@code start()} that returns null unless a recording has the event enabled, so the cost
 * with JFR off is one check and no allocation; callers then fill it in with {@code ready(...)}
 * and commit it themselves when that says so (so the stack trace starts at the caller). Instant
 * events have a static {@code emit(...)}. A leaf: it names no other pgas4j package (callers pass names and numbers).
 * See docs/observability.md.
 */
package org.pgas4j.internal.jfr;
