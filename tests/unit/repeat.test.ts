import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { repeat } from "#app/lib/repeat.server.ts";

/** A run that ends when the test says so, and how many have started. */
function controlledWork() {
  const ends: Array<() => void> = [];
  let started = 0;
  return {
    work: () => {
      started++;
      return new Promise<void>((resolve) => ends.push(resolve));
    },
    started: () => started,
    endRun: () => ends.shift()?.(),
  };
}

describe("a job repeated on a timer", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs first after its first delay, then each interval after the previous run ended", async () => {
    const runs: number[] = [];
    const job = repeat(async () => void runs.push(Date.now()), {
      everyMs: 1_000,
      firstAfterMs: 0,
      failure: "x",
    });
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual([start]);
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toEqual([start, start + 1_000, start + 2_000]);
    await job.stop();
  });

  it("waits one interval for its first run when no first delay is given", async () => {
    const work = vi.fn(async () => {});
    const job = repeat(work, { everyMs: 5_000, failure: "x" });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledOnce();
    await job.stop();
  });

  it("never runs twice at once: a run asked for during one follows it, once however often it is asked", async () => {
    const runs = controlledWork();
    const job = repeat(runs.work, { everyMs: 1_000, failure: "x" });
    void job.runNow();
    void job.runNow();
    void job.runNow();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs.started()).toBe(1);
    runs.endRun();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs.started()).toBe(2);
    runs.endRun();
    await vi.advanceTimersByTimeAsync(999);
    expect(runs.started()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs.started()).toBe(3);
    runs.endRun();
    await job.stop();
  });

  it("keeps its schedule after a run throws", async () => {
    let calls = 0;
    const job = repeat(
      async () => {
        calls++;
        if (calls === 1) throw new Error("database away");
      },
      { everyMs: 1_000, failure: "the test's job failed" },
    );
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toBe(2);
    await job.stop();
  });

  it("stops cleanly: waits for the run under way and starts none after", async () => {
    const runs = controlledWork();
    const job = repeat(runs.work, { everyMs: 1_000, failure: "x" });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs.started()).toBe(1);
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    runs.endRun();
    await stopping;
    void job.runNow();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs.started()).toBe(1);
  });
});
