/**
 * Which illustration each blog category shows. The motifs are drawn as SVG in
 * app/media/blog/<motif>.svg (1280x720, one flat style) and turned into AVIF/WebP at build time by
 * app/components/blog/category-art.tsx. Plain module (no aliases, no JSX) so build scripts run by
 * `node` can import it too.
 */

import { PALETTES, type Tone } from "#app/lib/blog/tones.ts";

/**
 * Each motif with its background colour (shown while the image loads), its palette family as
 * [dark, mid, light], one of the blog's PALETTES (app/lib/blog/tones.ts), for anything that should
 * match the picture, such as a social card, and the text that describes the picture to those who
 * cannot see it.
 */
export const MOTIFS = {
  social: {
    background: "#fdf2f8",
    tone: PALETTES.pink,
    alt: "A phone showing a profile and a grid of posts, beside a notification and a heart speech bubble",
  },
  email: {
    background: "#eff6ff",
    tone: PALETTES.blue,
    alt: "An open envelope holding a letter, an inbox with three messages and a paper plane",
  },
  income: {
    background: "#ecfdf5",
    tone: PALETTES.emerald,
    alt: "A stack of coins, a price tag and a bar chart with an upward trend arrow",
  },
  branding: {
    background: "#f5f3ff",
    tone: PALETTES.violet,
    alt: "A brand board with a logo, text samples and four colour swatches, with cards behind it and a pencil",
  },
  "design-tools": {
    background: "#f0fdfa",
    tone: PALETTES.teal,
    alt: "A design app window with a circle, triangle and selected square, a layers panel, a cursor and a paint palette",
  },
  clients: {
    background: "#fff7ed",
    tone: PALETTES.orange,
    alt: "A clipboard checklist with three items ticked, a pen, a speech bubble and a client profile card with five stars",
  },
  growth: {
    background: "#f5f3ff",
    tone: PALETTES.violet,
    alt: "A chart with a line rising to an upward arrow beside a target with an arrow in the bullseye",
  },
  productivity: {
    background: "#eff6ff",
    tone: PALETTES.blue,
    alt: "A calendar filled with colour-coded time blocks and checkmarks, next to a stopwatch",
  },
  certification: {
    background: "#fff7ed",
    tone: PALETTES.orange,
    alt: "A signed certificate with a rosette ribbon seal, next to a graduation cap",
  },
  startup: {
    background: "#f5f3ff",
    tone: PALETTES.violet,
    alt: "A rocket lifting off at the end of a dotted path marked by two flags, with a planet nearby",
  },
  content: {
    background: "#fdf2f8",
    tone: PALETTES.pink,
    alt: "A megaphone sending sound waves toward a post with an image, text lines and a button",
  },
  "web-design": {
    background: "#eff6ff",
    tone: PALETTES.blue,
    alt: "A website shown in a browser window and on a phone, with a cursor clicking its button",
  },
  "lead-magnet": {
    background: "#f0fdfa",
    tone: PALETTES.teal,
    alt: "A horseshoe magnet pulling people icons, a heart and an envelope from a gift box",
  },
  toolkit: {
    background: "#fff7ed",
    tone: PALETTES.orange,
    alt: "A laptop showing a dashboard with charts, surrounded by calendar, chart, heart, chat and play button app icons",
  },
} as const satisfies Record<string, { background: string; tone: Tone; alt: string }>;

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
