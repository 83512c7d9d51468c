/**
 * The blog's palettes as [dark, mid, light]: each illustration motif (app/content/blog-art.ts) uses
 * one, and so does its article's Open Graph image. Plain module (no aliases, no JSX) so build
 * scripts run by `node` can import it too.
 */
export type Tone = readonly [dark: string, mid: string, light: string];

export const TONES = [
  ["#4c1d95", "#8b5cf6", "#ede9fe"],
  ["#9d174d", "#ec4899", "#fce7f3"],
  ["#065f46", "#10b981", "#d1fae5"],
  ["#1e3a8a", "#3b82f6", "#dbeafe"],
  ["#7c2d12", "#f97316", "#ffedd5"],
  ["#134e4a", "#14b8a6", "#ccfbf1"],
] as const satisfies readonly Tone[];
