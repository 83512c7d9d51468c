/**
 * The one way a background job runs on a timer (app/lib/jobs.server.ts starts them all): `work`
 * every `everyMs`, never two runs at once, a thrown error logged and recorded for the owner
 * (job-health.server.ts) and the next run kept, and a stop that waits for the run under way.
 */
import { type JobRecord, jobHealth } from "#app/lib/job-health.server.ts";

export interface Repeating {
  /**
   * Runs the work now instead of at its next time; while a run is under way, once more right after
   * it. Resolves when that run has ended.
   */
  runNow(): Promise<void>;
  /** Cancels the next run and waits for the one under way; runNow does nothing after it. */
  stop(): Promise<void>;
}

export interface RepeatOptions {
  /** From the end of one run to the start of the next. */
  everyMs: number;
  /** From the start to the first run: `everyMs` unless given (0 runs it at once). */
  firstAfterMs?: number;
  /** What the log says when a run throws. */
  failure: string;
  /** Where a failing run is recorded for the Panoramica, under the job's name. */
  record?: JobRecord;
}

/** Repeats `work` as `options` say until stop(); its timer never keeps the process alive. */
export function repeat(work: () => Promise<unknown>, options: RepeatOptions): Repeating {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const health = jobHealth(options.failure, options.record);

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => void run(), delayMs);
    timer.unref();
  };
  const run = (): Promise<void> => {
    if (stopped) return running ?? Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    running = (async () => {
      do {
        again = false;
        try {
          await work();
          await health.succeeded();
        } catch (error) {
          await health.failed(error);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
      schedule(options.everyMs);
    });
    return running;
  };

  schedule(options.firstAfterMs ?? options.everyMs);
  return {
    runNow: run,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
