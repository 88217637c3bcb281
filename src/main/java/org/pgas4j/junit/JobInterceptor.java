package org.pgas4j.junit;

import java.lang.reflect.Method;
import java.util.List;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

/**
 * Runs one invocation of a {@code @PgasTest} as a job instead of JUnit's single call: skips
 * JUnit's call, runs the PEs over the job's transport and fails the test with
 * {@link FailureReport}'s error when the job failed.
 */
final class JobInterceptor implements InvocationInterceptor {
    private final JobSpec job;

    JobInterceptor(JobSpec job) {
        this.job = job;
    }

    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call,
                                            ExtensionContext context) {
        invocation.skip();
        TestInstances.check(job.testClass());
        JobOutcome outcome;
        if (job.transport() == PgasTest.Transport.SHM) {
            List<String> others = job.parameters().fromJUnit();
            if (!others.isEmpty()) {
                throw new ExtensionConfigurationException("@PgasTest over SHM: the PE processes get only pgas4j's "
                        + "parameters (Client, Shmem, Team, @Rank int, @PeCount int), not " + String.join(", ", others));
            }
            outcome = ShmPes.run(job);
        } else {
            outcome = LocalPes.run(job, new PeBody(job.testClass(), job.method(), job.parameters()), call.getArguments());
        }
        FailureReport.throwIfFailed(outcome);
    }
}
