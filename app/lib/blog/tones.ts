/**
 * The blog's palettes as [dark, mid, light]: each illustration motif (app/content/blog-art.ts) uses
 * one, and so does its article's Open Graph image. Plain module (no aliases, no JSX) so build
 * scripts run by `node` can import it too.
 */
export type Tone = readonly [dark: string, mid: string, light: string];

export const PALETTES = {
  violet: ["#4c1d95", "#8b5cf6", "#ede9fe"],
  pink: ["#9d174d", "#ec4899", "#fce7f3"],
  emerald: ["#065f46", "#10b981", "#d1fae5"],
  blue: ["#1e3a8a", "#3b82f6", "#dbeafe"],
  orange: ["#7c2d12", "#f97316", "#ffedd5"],
  teal: ["#134e4a", "#14b8a6", "#ccfbf1"],
} as const satisfies Record<string, Tone>;

export const TONES: readonly Tone[] = Object.values(PALETTES);
