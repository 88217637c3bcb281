package org.pgas4j.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a test class or method that needs optional system components: it runs when all are
 * present and is skipped, with the reason naming the package and how to install it, when one is
 * missing.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@ExtendWith(NeedsCondition.class)
public @interface Needs {
    /** The components needed, all of them. */
    SystemComponent[] value();
}
