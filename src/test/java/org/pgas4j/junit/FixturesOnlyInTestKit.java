package org.pgas4j.junit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Test classes that fail or hang on purpose, run only by the extension's own tests through
 * JUnit's test kit (which sets {@value #PARAMETER}), never by the build or an IDE on their own.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(FixturesOnlyInTestKit.Condition.class)
@interface FixturesOnlyInTestKit {
    /** The configuration parameter the test kit sets. */
    String PARAMETER = "pgas4j.junit.fixtures";

    /** Enables a fixture only when {@link #PARAMETER} is true. */
    final class Condition implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            return context.getConfigurationParameter(PARAMETER, Boolean::parseBoolean).orElse(false)
                    ? ConditionEvaluationResult.enabled("run by the test kit")
                    : ConditionEvaluationResult.disabled("a fixture of PgasTestExtensionTest, run through the test kit");
        }
    }
}
