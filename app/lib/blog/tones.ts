/**
 * The blog's per-category colours as [dark, mid, light], one palette per category picked by a hash
 * of its name. Plain module (no aliases, no JSX) so build scripts run by `node` can import it too;
 * same values and hash as app/components/blog/category-art.tsx.
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

export function toneOf(category: string): Tone {
  let hash = 0;
  for (const char of category) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return TONES[hash % TONES.length]!;
}
