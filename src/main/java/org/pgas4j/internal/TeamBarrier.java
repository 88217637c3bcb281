package org.pgas4j.internal;

/** One member's side of a team's barrier algorithm. */
public interface TeamBarrier {
    /** Returns once every member has entered the same episode of this barrier. */
    void await();
}
