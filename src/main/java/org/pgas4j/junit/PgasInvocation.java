package org.pgas4j.junit;

import java.util.List;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;

/** One invocation of a {@code @PgasTest}: its name and the extensions that run it as a job. */
final class PgasInvocation implements TestTemplateInvocationContext {
    private final JobSpec job;

    PgasInvocation(JobSpec job) {
        this.job = job;
    }

    @Override
    public String getDisplayName(int invocationIndex) {
        return job.displayName();
    }

    @Override
    public List<Extension> getAdditionalExtensions() {
        return List.of(new PlaceholderResolver(), new JobInterceptor(job));
    }
}
