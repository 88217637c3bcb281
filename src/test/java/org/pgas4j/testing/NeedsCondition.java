package org.pgas4j.testing;

import java.lang.reflect.AnnotatedElement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Evaluates {@link Needs}: disables the class or method, with every missing component's reason, when
 * one is missing. pgas4j.library.path comes from the JUnit configuration (which falls back to the
 * system properties), then from PGAS4J_LIBRARY_PATH, so a run can be shown a host without a library.
 */
public final class NeedsCondition implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Optional<AnnotatedElement> element = context.getElement();
        Optional<Needs> needs = element.flatMap(e -> AnnotationSupport.findAnnotation(e, Needs.class));
        if (needs.isEmpty()) {
            return ConditionEvaluationResult.enabled("needs nothing optional");
        }
        String libraryPath = context.getConfigurationParameter(SystemComponent.LIBRARY_PATH_PARAMETER)
                .orElseGet(SystemComponent::libraryPathOfThisJvm);
        SystemProbes probes = SystemProbes.ofThisJvm(libraryPath);
        List<String> reasons = new ArrayList<>();
        for (SystemComponent c : needs.get().value()) {
            c.missing(probes).ifPresent(reasons::add);
        }
        return reasons.isEmpty() ? ConditionEvaluationResult.enabled("every needed component is present")
                : ConditionEvaluationResult.disabled(String.join(" | ", reasons));
    }
}
