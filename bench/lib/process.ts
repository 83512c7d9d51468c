import { readFileSync } from "node:fs";

/** One memory figure of a process from Linux's /proc/PID/status, in bytes. */
function memoryOf(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1] ?? 0) * 1024;
}

/** Resident memory of a process in bytes (Linux). */
export const rssOf = (pid: number) => memoryOf(pid, "VmRSS");

/** The most resident memory a process has held since it started, in bytes (Linux's VmHWM). */
export const peakRssOf = (pid: number) => memoryOf(pid, "VmHWM");

/** Samples a process's RSS every `everyMs` until stopped; returns the peak. */
export function watchPeakRss(pid: number, everyMs = 50) {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(pid));
    } catch {}
  }, everyMs);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
