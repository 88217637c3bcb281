package org.pgas4j.gaspi;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** The predefined reductions of {@link GaspiOperation} on {@link GaspiDatatype}: {@code acc = acc (op) in}. */
final class Reductions {
    private Reductions() {
    }

    static void apply(GaspiOperation op, GaspiDatatype type, MemorySegment acc, MemorySegment in, int num) {
        for (int i = 0; i < num; i++) {
            switch (type) {
                case INT -> {
                    long o = (long) i * 4;
                    int a = acc.get(ValueLayout.JAVA_INT, o);
                    int b = in.get(ValueLayout.JAVA_INT, o);
                    acc.set(ValueLayout.JAVA_INT, o, switch (op) {
                        case MIN -> Math.min(a, b);
                        case MAX -> Math.max(a, b);
                        case SUM -> a + b;
                    });
                }
                case UINT -> {
                    long o = (long) i * 4;
                    int a = acc.get(ValueLayout.JAVA_INT, o);
                    int b = in.get(ValueLayout.JAVA_INT, o);
                    acc.set(ValueLayout.JAVA_INT, o, switch (op) {
                        case MIN -> Integer.compareUnsigned(a, b) <= 0 ? a : b;
                        case MAX -> Integer.compareUnsigned(a, b) >= 0 ? a : b;
                        case SUM -> a + b;
                    });
                }
                case LONG -> {
                    long o = (long) i * 8;
                    long a = acc.get(ValueLayout.JAVA_LONG, o);
                    long b = in.get(ValueLayout.JAVA_LONG, o);
                    acc.set(ValueLayout.JAVA_LONG, o, switch (op) {
                        case MIN -> Math.min(a, b);
                        case MAX -> Math.max(a, b);
                        case SUM -> a + b;
                    });
                }
                case ULONG -> {
                    long o = (long) i * 8;
                    long a = acc.get(ValueLayout.JAVA_LONG, o);
                    long b = in.get(ValueLayout.JAVA_LONG, o);
                    acc.set(ValueLayout.JAVA_LONG, o, switch (op) {
                        case MIN -> Long.compareUnsigned(a, b) <= 0 ? a : b;
                        case MAX -> Long.compareUnsigned(a, b) >= 0 ? a : b;
                        case SUM -> a + b;
                    });
                }
                case FLOAT -> {
                    long o = (long) i * 4;
                    float a = acc.get(ValueLayout.JAVA_FLOAT, o);
                    float b = in.get(ValueLayout.JAVA_FLOAT, o);
                    acc.set(ValueLayout.JAVA_FLOAT, o, switch (op) {
                        case MIN -> Math.min(a, b);
                        case MAX -> Math.max(a, b);
                        case SUM -> a + b;
                    });
                }
                case DOUBLE -> {
                    long o = (long) i * 8;
                    double a = acc.get(ValueLayout.JAVA_DOUBLE, o);
                    double b = in.get(ValueLayout.JAVA_DOUBLE, o);
                    acc.set(ValueLayout.JAVA_DOUBLE, o, switch (op) {
                        case MIN -> Math.min(a, b);
                        case MAX -> Math.max(a, b);
                        case SUM -> a + b;
                    });
                }
            }
        }
    }
}
