/** A job runner for unit tests: runs each job's kernel on this thread, as the service's main-thread mode does. */
import { viewOf } from './arrays.js';
import type { JobRunner, JobSpec, OutputSpec } from './job-spec.js';

/** A {@link JobRunner} of `size` slots that runs kernels here (outputs on ordinary memory). */
export function localRunner(size = 2): JobRunner & { submitted: string[] } {
  const submitted: string[] = [];
  return {
    size,
    mode: 'main-thread',
    submitted,
    async submit<In extends object, R, Out extends object>(spec: JobSpec<In, R, Out>, args: In): Promise<Awaited<R>> {
      submitted.push(spec.name);
      const full: Record<string, unknown> = { ...(args as Record<string, unknown>) };
      const outputs = (spec.outputs?.(args) ?? {}) as Record<string, OutputSpec>;
      for (const [key, o] of Object.entries(outputs))
        full[key] = viewOf(o.kind, new ArrayBuffer(o.length * 8), 0, o.length);
      return (await spec.run(full as In & Out, {})) as Awaited<R>;
    },
  };
}
