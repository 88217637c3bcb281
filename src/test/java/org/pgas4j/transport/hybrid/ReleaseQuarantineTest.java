package org.pgas4j.transport.hybrid;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The quarantine of released mappings: the byte budget, oldest first, and close. */
class ReleaseQuarantineTest {
    private final List<String> released = new ArrayList<>();

    private Runnable release(String name) {
        return () -> released.add(name);
    }

    @Test
    void mappingsStayUntilTheBudgetIsExceededThenTheOldestGoFirst() {
        ReleaseQuarantine q = new ReleaseQuarantine(100);
        q.add(40, release("a"));
        q.add(40, release("b"));
        assertEquals(List.of(), released);
        assertEquals(80, q.heldBytes());
        q.add(40, release("c"));
        assertEquals(List.of("a"), released);
        assertEquals(80, q.heldBytes());
    }

    @Test
    void aMappingLargerThanTheBudgetIsReleasedAtOnce() {
        ReleaseQuarantine q = new ReleaseQuarantine(100);
        q.add(10, release("small"));
        q.add(500, release("huge"));
        assertEquals(List.of("small", "huge"), released);
        assertEquals(0, q.heldBytes());
    }

    @Test
    void closeReleasesEverythingAndLaterAdditionsAtOnce() {
        ReleaseQuarantine q = new ReleaseQuarantine(100);
        q.add(10, release("a"));
        q.add(10, release("b"));
        q.close();
        assertEquals(List.of("a", "b"), released);
        q.add(10, release("late"));
        assertEquals(List.of("a", "b", "late"), released);
        assertEquals(0, q.heldBytes());
    }
}
