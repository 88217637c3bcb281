package org.pgas4j.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an {@code int} (or {@code Integer}) parameter of a {@link PgasTest} method that receives
 * the rank of the PE running it: 0 to {@link PeCount} - 1, its job rank and its rank in the world
 * team.
 */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface Rank {
}
