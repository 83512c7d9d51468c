/**
 * Which illustration each blog category shows. The motifs are drawn as SVG in
 * app/media/blog/<motif>.svg (1280x720, one flat style) and turned into AVIF/WebP at build time by
 * app/components/blog/category-art.tsx. Plain module (no aliases, no JSX) so build scripts run by
 * `node` can import it too.
 */

import { PALETTES, type Tone } from "../lib/blog/tones.ts";

/**
 * Each motif with its background colour (shown while the image loads) and its palette family as
 * [dark, mid, light], one of the blog's PALETTES (app/lib/blog/tones.ts), for anything that should
 * match the picture, such as a social card.
 */
export const MOTIFS = {
  social: { background: "#fdf2f8", tone: PALETTES.pink },
  email: { background: "#eff6ff", tone: PALETTES.blue },
  income: { background: "#ecfdf5", tone: PALETTES.emerald },
  branding: { background: "#f5f3ff", tone: PALETTES.violet },
  "design-tools": { background: "#f0fdfa", tone: PALETTES.teal },
  clients: { background: "#fff7ed", tone: PALETTES.orange },
  growth: { background: "#f5f3ff", tone: PALETTES.violet },
  productivity: { background: "#eff6ff", tone: PALETTES.blue },
  certification: { background: "#fff7ed", tone: PALETTES.orange },
  startup: { background: "#f5f3ff", tone: PALETTES.violet },
  content: { background: "#fdf2f8", tone: PALETTES.pink },
  "web-design": { background: "#eff6ff", tone: PALETTES.blue },
  "lead-magnet": { background: "#f0fdfa", tone: PALETTES.teal },
  toolkit: { background: "#fff7ed", tone: PALETTES.orange },
} as const satisfies Record<string, { background: string; tone: Tone }>;

export type Motif = keyof typeof MOTIFS;

/** For a category not listed below. */
export const DEFAULT_MOTIF: Motif = "content";

/**
 * Category (exactly as in the articles' front matter) to motif. Several categories share a motif;
 * where a category could go two ways, the choice also keeps neighbouring cards of the index (newest
 * first, three to a row) from showing the same picture.
 */
export const CATEGORY_MOTIFS: Readonly<Record<string, Motif>> = {
  "Social Media": "social",
  "Email Marketing": "email",
  "Income & Earnings": "income",
  Monetization: "income",
  Business: "income",
  "Business Growth": "income",
  Branding: "branding",
  "Complete Guide": "branding",
  "Design Tools": "design-tools",
  "Templates & Tools": "design-tools",
  "Client Management": "clients",
  "Client Acquisition": "clients",
  "Business Strategy": "growth",
  "Growth Strategies": "growth",
  "Social Media Growth": "growth",
  Productivity: "productivity",
  "Content Planning": "productivity",
  Certification: "certification",
  "Business Startup": "startup",
  "Business Planning": "startup",
  "Instagram Marketing": "content",
  "Content Marketing": "content",
  Copywriting: "content",
  Marketing: "content",
  "Web Design": "web-design",
  "Design Guide": "web-design",
  "Lead Generation": "lead-magnet",
  "Tools & Software": "toolkit",
  "Marketing Tools": "toolkit",
  Resources: "toolkit",
};

export function motifFor(category: string): Motif {
  return Object.hasOwn(CATEGORY_MOTIFS, category) ? CATEGORY_MOTIFS[category]! : DEFAULT_MOTIF;
}
