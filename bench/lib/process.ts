import { readFileSync } from "node:fs";

/** Resident memory of a process in bytes (Linux). */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0);
  return kb * 1024;
}

/** The most resident memory a process has held since it started, in bytes (Linux's VmHWM). */
export function peakRssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmHWM:\s+(\d+) kB/)?.[1] ?? 0) * 1024;
}

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
