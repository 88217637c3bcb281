package org.pgas4j.mpi;

/**
 * Signature matching: whether {@code count} items of one datatype carry the same sequence of
 * primitive elements as {@code count} items of another (the check every PUT and GET makes before
 * anything is sent). Walks both run-length-encoded sequences without expanding them.
 */
final class Signatures {
    private Signatures() {
    }

    /** Whether {@code ca} x {@code a} and {@code cb} x {@code b} have the same signature. */
    static boolean match(long ca, Datatype a, long cb, Datatype b) {
        if (a == b && ca == cb) {
            return true; // the same count of the same type: the same sequence, whatever the type
        }
        Cursor x = new Cursor(ca, a);
        Cursor y = new Cursor(cb, b);
        while (true) {
            boolean ex = x.atEnd();
            boolean ey = y.atEnd();
            if (ex || ey) {
                return ex && ey;
            }
            if (x.kind() != y.kind()) {
                return false;
            }
            long n = Math.min(x.left, y.left);
            x.consume(n);
            y.consume(n);
        }
    }

    /** A position in count x type's signature. */
    private static final class Cursor {
        private final Datatype t;
        private long item;
        private final long count;
        private int run;
        long left;

        Cursor(long count, Datatype t) {
            this.t = t;
            this.count = t.sigKinds.length == 0 ? 0 : count;
            if (t.sigKinds.length == 1) {
                // one primitive repeated: the whole count is one run
                this.left = this.count == 0 ? 0 : t.sigCounts[0] * this.count;
                this.item = this.count == 0 ? 0 : this.count - 1;
            } else {
                this.left = this.count == 0 ? 0 : t.sigCounts[0];
            }
            skipEmpty();
        }

        Datatype.Primitive kind() {
            return t.sigKinds[run];
        }

        boolean atEnd() {
            return left == 0;
        }

        void consume(long n) {
            left -= n;
            skipEmpty();
        }

        private void skipEmpty() {
            while (left == 0 && count > 0) {
                run++;
                if (run == t.sigKinds.length) {
                    run = 0;
                    item++;
                    if (item >= count) {
                        run = t.sigKinds.length - 1;
                        return;
                    }
                }
                left = t.sigCounts[run];
            }
        }
    }
}
