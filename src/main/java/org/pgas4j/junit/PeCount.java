package org.pgas4j.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an {@code int} (or {@code Integer}) parameter of a {@link PgasTest} method that receives
 * the number of PEs of the job: the entry of {@link PgasTest#pes()} this invocation runs with.
 */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface PeCount {
}
