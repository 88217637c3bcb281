package org.pgas4j.junit;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Accepts the pgas4j parameters on JUnit's behalf. JUnit resolves a method's arguments in its own
 * thread before calling it, where there is no PE yet; it gets placeholders (null, 0), which are
 * never used: {@link JobInterceptor} does not let JUnit call the method and gives each PE its own
 * values.
 */
final class PlaceholderResolver implements ParameterResolver {
    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return PeParameters.kindOf(parameter.getParameter()) != PeParameters.Kind.JUNIT;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == int.class ? 0 : null;
    }
}
