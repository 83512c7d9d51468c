/**
 * Open Graph images (1200x630 PNG) written at build time into build/client/og/: home.png for the
 * landing page, blog.png for the blog index and <slug>.png per article in app/content/blog.
 * Each image is an SVG string rendered by sharp (librsvg), so no browser is needed.
 *
 * Runs with plain `node scripts/og-images.ts` (Node strips the types): relative `.ts` imports only.
 */
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import matter from "gray-matter";
import sharp from "sharp";
import { BLOG_COPY } from "#app/content/blog.ts";
import { MOTIFS, motifFor } from "#app/content/blog-art.ts";
import { BLOG_DIR } from "#app/content/blog-slugs.ts";
import { CLAIMS, PRODUCT } from "#app/content/site.ts";
import type { Tone } from "#app/lib/blog/tones.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import { formatCents } from "#app/lib/money.ts";

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
export const DEFAULT_OUT_DIR = join(process.cwd(), "build", "client", "og");

/**
 * DejaVu Sans is what Debian installs with fontconfig (fonts-dejavu-core, see `fc-list`); librsvg
 * finds it through fontconfig. The generic fallback only matters on machines without it.
 */
const FONT = "'DejaVu Sans', sans-serif";
export type Weight = "bold" | "regular";

/**
 * Advance widths of DejaVu Sans in em, by character class (measured with sharp from the font's
 * glyphs, rounded a little up). Lines are wrapped by counting characters weighted by these widths:
 * a title's estimate is within a few per cent of its real width, and a little wider.
 */
const CHAR_CLASSES: readonly (readonly [RegExp, bold: number, regular: number])[] = [
  [/ /, 0.35, 0.32],
  [/[ijlIJ'.,:;|/\\]/, 0.38, 0.32],
  [/[frt!()[\]\-"*]/, 0.49, 0.41],
  [/[mwMW%@—…]/, 1.04, 0.95],
  [/[A-Z]/, 0.8, 0.73],
  [/[&#+<=>^~{}]/, 0.87, 0.84],
];
/** Lowercase letters, digits, "$", "?" and anything else. */
const OTHER_CHAR: Readonly<Record<Weight, number>> = { bold: 0.71, regular: 0.64 };

/** Width of `text` in em at the given weight. */
export function emWidth(text: string, weight: Weight = "bold"): number {
  let em = 0;
  for (const char of text) {
    const hit = CHAR_CLASSES.find(([pattern]) => pattern.test(char));
    em += hit ? (weight === "bold" ? hit[1] : hit[2]) : OTHER_CHAR[weight];
  }
  return em;
}

function textWidth(text: string, size: number, weight: Weight = "bold"): number {
  return Math.ceil(emWidth(text, weight) * size);
}

/** The store's brand purple: dark, mid, light. */
const BRAND = { dark: "#4c1d95", mid: "#7c3aed", light: "#ede9fe", soft: "#c4b5fd" } as const;
const BRAND_TONE: Tone = [BRAND.dark, BRAND.mid, BRAND.light];

export interface ArticleMeta {
  slug: string;
  title: string;
  category: string;
  readTime: string;
}

/**
 * Greedy word wrap: each line at most `maxWidth` as given by `measure` (by default the number of
 * characters). A word longer than a line is hyphenated.
 */
export function wrapWords(
  text: string,
  maxWidth: number,
  measure: (line: string) => number = (line) => line.length,
): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!line) line = word;
    else if (measure(`${line} ${word}`) <= maxWidth) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
    while (measure(line) > maxWidth && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && measure(`${line.slice(0, cut)}-`) > maxWidth) cut--;
      lines.push(`${line.slice(0, cut)}-`);
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

function longestWord(text: string, measure: (line: string) => number): number {
  return Math.max(...text.split(/\s+/).map(measure));
}

/** Wraps into as few lines as the width allows, then evens the lines out (no lone last word). */
function balancedWrap(text: string, maxWidth: number, measure: (line: string) => number): string[] {
  let lines = wrapWords(text, maxWidth, measure);
  const floor = longestWord(text, measure);
  for (let width = maxWidth * 0.98; width >= floor; width *= 0.98) {
    const tighter = wrapWords(text, width, measure);
    if (tighter.length !== lines.length) break;
    lines = tighter;
  }
  return lines;
}

export interface FittedText {
  size: number;
  lines: string[];
  /** True when even the smallest size needed more lines and the text ends in an ellipsis. */
  cut?: boolean;
}

function warnIfCut(file: string, ...texts: FittedText[]) {
  for (const text of texts)
    if (text.cut) console.warn(`og-images: ${file}: text cut to fit: ${text.lines.join(" ")}`);
}

/**
 * The largest font size (of `sizes`, largest first) at which `text` wraps within `width` pixels
 * into at most `maxLines(size)` lines without splitting a word. If none fits, the smallest size
 * with the text cut off by an ellipsis.
 */
export function fitText(
  text: string,
  width: number,
  sizes: readonly number[],
  maxLines: (size: number) => number,
  weight: Weight = "bold",
): FittedText {
  const measure = (line: string) => emWidth(line, weight);
  for (const size of sizes) {
    const maxEm = width / size;
    if (longestWord(text, measure) > maxEm) continue;
    const lines = balancedWrap(text, maxEm, measure);
    if (lines.length <= maxLines(size)) return { size, lines };
  }
  const size = sizes[sizes.length - 1]!;
  const maxEm = width / size;
  const kept = wrapWords(text, maxEm, measure).slice(0, maxLines(size));
  let last = kept.pop()!;
  while (last.length > 1 && measure(`${last}…`) > maxEm) last = last.slice(0, -1);
  kept.push(`${last.trimEnd()}…`);
  return { size, lines: kept, cut: true };
}

/** Lines as <tspan>s, first baseline at `y`. */
function textLines(lines: string[], x: number, y: number, lineHeight: number): string {
  return lines
    .map((line, i) => `<tspan x="${x}" y="${Math.round(y + i * lineHeight)}">${escapeMarkup(line)}</tspan>`)
    .join("");
}

function svg(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}" font-family="${FONT}">${body}</svg>`;
}

/** The brand's logo: a rounded square holding a small template card. */
function brandMark(x: number, y: number, size: number, bg: string, fg: string): string {
  const u = size / 48;
  return `<g transform="translate(${x} ${y}) scale(${u})">
    <rect width="48" height="48" rx="12" fill="${bg}"/>
    <rect x="13" y="10" width="22" height="28" rx="4" fill="${fg}"/>
    <rect x="17" y="15" width="14" height="4" rx="2" fill="${bg}"/>
    <rect x="17" y="23" width="10" height="3" rx="1.5" fill="${bg}" opacity="0.6"/>
    <rect x="17" y="29" width="12" height="3" rx="1.5" fill="${bg}" opacity="0.6"/>
  </g>`;
}

function clockIcon(cx: number, cy: number, r: number, color: string): string {
  return `<g fill="none" stroke="${color}" stroke-width="3.5" stroke-linecap="round">
    <circle cx="${cx}" cy="${cy}" r="${r}"/>
    <path d="M${cx} ${cy - r * 0.55}V${cy}l${r * 0.45} ${r * 0.3}"/>
  </g>`;
}

/** A template card as drawn in the blog's category art: heading bar, text lines, a block, a button. */
function templateCard(w: number, h: number, dark: string, mid: string, light: string): string {
  return `<rect width="${w}" height="${h}" rx="22" fill="#fff"/>
    <rect x="24" y="28" width="${w * 0.62}" height="22" rx="11" fill="${dark}"/>
    <rect x="24" y="68" width="${w * 0.7}" height="11" rx="5.5" fill="${mid}" opacity="0.5"/>
    <rect x="24" y="90" width="${w * 0.78}" height="11" rx="5.5" fill="${mid}" opacity="0.5"/>
    <rect x="24" y="112" width="${w * 0.55}" height="11" rx="5.5" fill="${mid}" opacity="0.5"/>
    <rect x="24" y="146" width="${w - 48}" height="${h - 250}" rx="14" fill="${light}"/>
    <circle cx="${w / 2}" cy="${146 + (h - 250) / 2}" r="${Math.min(w, h - 250) * 0.22}" fill="${mid}" opacity="0.8"/>
    <rect x="24" y="${h - 76}" width="${w * 0.5}" height="44" rx="22" fill="${mid}"/>`;
}

export function homeSvg(): string {
  const x = 72;
  const name = fitText(PRODUCT.name, 640, [64, 60, 56, 52, 48], () => 2);
  const nameLineHeight = Math.round(name.size * 1.15);
  const nameTop = 188;
  warnIfCut("home.png", name);
  const subY = nameTop + (name.lines.length - 1) * nameLineHeight + 70;
  const price = formatCents(PRODUCT.priceCents).replace(/\.00$/, "");
  const list = formatCents(PRODUCT.listPriceCents).replace(/\.00$/, "");
  const priceWidth = textWidth(price, 96);
  const listX = x + priceWidth + 28;
  const listWidth = textWidth(list, 48, "regular");
  const saveX = listX + listWidth + 28;
  const save = `Save ${PRODUCT.savePercent}%`;
  const saveWidth = textWidth(save, 26) + 44;
  return svg(`
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="${BRAND.dark}"/>
        <stop offset="1" stop-color="${BRAND.mid}"/>
      </linearGradient>
    </defs>
    <rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#bg)"/>
    <circle cx="1130" cy="40" r="230" fill="${BRAND.light}" opacity="0.08"/>
    <circle cx="700" cy="660" r="150" fill="${BRAND.light}" opacity="0.06"/>
    ${brandMark(x, 64, 48, BRAND.light, BRAND.dark)}
    <text x="${x + 64}" y="98" font-size="28" font-weight="700" fill="${BRAND.light}">${escapeMarkup(PRODUCT.brand)}</text>
    <text font-size="${name.size}" font-weight="700" fill="#fff">${textLines(name.lines, x, nameTop, nameLineHeight)}</text>
    <text x="${x}" y="${subY}" font-size="32" fill="${BRAND.light}"><tspan font-weight="700">${escapeMarkup(CLAIMS.templates)}</tspan> Canva templates for coaches</text>
    <text x="${x}" y="530" font-size="96" font-weight="700" fill="#fff">${escapeMarkup(price)}</text>
    <text x="${listX}" y="530" font-size="48" fill="${BRAND.soft}">${escapeMarkup(list)}</text>
    <line x1="${listX - 4}" y1="514" x2="${listX + listWidth + 4}" y2="514" stroke="${BRAND.soft}" stroke-width="4"/>
    <rect x="${saveX}" y="488" width="${saveWidth}" height="48" rx="24" fill="${BRAND.light}"/>
    <text x="${saveX + saveWidth / 2}" y="521" font-size="26" font-weight="700" fill="${BRAND.dark}" text-anchor="middle">${escapeMarkup(save)}</text>
    <g transform="translate(960 320) rotate(11)">
      <rect x="-140" y="-190" width="280" height="380" rx="22" fill="${BRAND.light}" opacity="0.3"/>
    </g>
    <g transform="translate(905 318) rotate(-7)">
      <rect x="-140" y="-190" width="280" height="380" rx="22" fill="${BRAND.light}" opacity="0.55"/>
    </g>
    <g transform="translate(930 330) rotate(2) translate(-140 -190)">
      <rect x="8" y="14" width="280" height="380" rx="22" fill="#1e0b45" opacity="0.35"/>
      ${templateCard(280, 380, BRAND.dark, BRAND.mid, BRAND.light)}
    </g>
  `);
}

export function blogSvg(articleCount: number): string {
  const x = 80;
  // The fanned cards start at x=780: the text stays left of x=740.
  const title = fitText(BLOG_COPY.hero, 640, [72, 68, 64, 60], () => 3);
  const titleLineHeight = Math.round(title.size * 1.1);
  const titleTop = 72 + 50 + 30 + Math.round(title.size * 0.76);
  const text = fitText(BLOG_COPY.heroText, 660, [28, 26, 24], () => 2, "regular");
  const textTop = titleTop + (title.lines.length - 1) * titleLineHeight + 62;
  warnIfCut("blog.png", title, text);
  const count = `${articleCount} articles`;
  // Three article cards fanned out, in three of the categories' palettes.
  const cards = [
    { dx: 990, dy: 300, angle: 9, tone: MOTIFS.content.tone },
    { dx: 920, dy: 310, angle: -5, tone: MOTIFS.branding.tone },
    { dx: 955, dy: 335, angle: 2, tone: BRAND_TONE },
  ]
    .map(
      ({
        dx,
        dy,
        angle,
        tone,
      }) => `<g transform="translate(${dx} ${dy}) rotate(${angle}) translate(-130 -170)">
        <rect x="6" y="12" width="260" height="340" rx="22" fill="${BRAND.dark}" opacity="0.18"/>
        ${articleCard(260, 340, tone)}
      </g>`,
    )
    .join("");
  return svg(`
    <rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="${BRAND.light}"/>
    <circle cx="1120" cy="60" r="240" fill="${BRAND.mid}" opacity="0.16"/>
    <circle cx="40" cy="640" r="170" fill="${BRAND.mid}" opacity="0.12"/>
    <rect width="${OG_WIDTH}" height="12" fill="${BRAND.dark}"/>
    ${chip("Blog", x, 72, BRAND.dark, "#fff")}
    <text font-size="${title.size}" font-weight="700" fill="${BRAND.dark}">${textLines(title.lines, x, titleTop, titleLineHeight)}</text>
    <text font-size="${text.size}" fill="${BRAND.dark}">${textLines(text.lines, x, textTop, Math.round(text.size * 1.35))}</text>
    ${footer(x, BRAND.dark, count)}
    ${cards}
  `);
}

/** A small article preview: a coloured picture, heading lines, text lines. */
function articleCard(w: number, h: number, [dark, mid, light]: Tone): string {
  return `<rect width="${w}" height="${h}" rx="22" fill="#fff"/>
    <path d="M0 22a22 22 0 0 1 22-22h${w - 44}a22 22 0 0 1 22 22v128h-${w}z" fill="${light}"/>
    <circle cx="${w * 0.72}" cy="60" r="46" fill="${mid}" opacity="0.35"/>
    <rect x="${w * 0.22}" y="38" width="${w * 0.34}" height="90" rx="10" fill="#fff" stroke="${mid}" stroke-width="4"/>
    <rect x="${w * 0.27}" y="54" width="${w * 0.24}" height="10" rx="5" fill="${dark}"/>
    <rect x="24" y="176" width="${w * 0.3}" height="20" rx="10" fill="${mid}"/>
    <rect x="24" y="214" width="${w - 48}" height="14" rx="7" fill="${dark}"/>
    <rect x="24" y="238" width="${w * 0.6}" height="14" rx="7" fill="${dark}"/>
    <rect x="24" y="274" width="${w - 60}" height="9" rx="4.5" fill="${mid}" opacity="0.45"/>
    <rect x="24" y="292" width="${w * 0.7}" height="9" rx="4.5" fill="${mid}" opacity="0.45"/>`;
}

function chip(label: string, x: number, y: number, bg: string, fg: string): string {
  const size = 24;
  const width = textWidth(label, size) + 52;
  return `<rect x="${x}" y="${y}" width="${width}" height="50" rx="25" fill="${bg}"/>
    <text x="${x + width / 2}" y="${y + 33}" font-size="${size}" font-weight="700" fill="${fg}" text-anchor="middle">${escapeMarkup(label)}</text>`;
}

/** Brand on the left, `right` (with a clock when it is a read time) on the right, on one baseline. */
function footer(x: number, color: string, right: string, clock = false): string {
  const size = 26;
  const rightX = OG_WIDTH - x;
  const iconX = rightX - textWidth(right, size, "regular") - 26;
  return `<line x1="${x}" y1="522" x2="${OG_WIDTH - x}" y2="522" stroke="${color}" stroke-width="2" opacity="0.18"/>
    ${brandMark(x, 550, 48, color, "#fff")}
    <text x="${x + 64}" y="584" font-size="28" font-weight="700" fill="${color}">${escapeMarkup(PRODUCT.brand)}</text>
    ${clock ? clockIcon(iconX, 575, 13, color) : ""}
    <text x="${rightX}" y="584" font-size="${size}" fill="${color}" text-anchor="end">${escapeMarkup(right)}</text>`;
}

export function articleSvg(article: ArticleMeta): string {
  // The palette of the article's illustration (app/content/blog-art.ts), so card and page match.
  const [dark, mid, light] = MOTIFS[motifFor(article.category)].tone;
  const x = 80;
  const title = fitText(article.title, OG_WIDTH - 2 * x, [72, 66, 60, 56, 52, 48], (size) =>
    size >= 60 ? 3 : 4,
  );
  warnIfCut(`${article.slug}.png`, title);
  const lineHeight = Math.round(title.size * 1.17);
  // Centre the title block between the chip (ends at y=122) and the footer rule (y=522).
  const blockHeight = (title.lines.length - 1) * lineHeight + title.size * 0.95;
  const firstBaseline = 122 + (400 - blockHeight) / 2 + title.size * 0.76;
  return svg(`
    <rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="${light}"/>
    <circle cx="1130" cy="40" r="250" fill="${mid}" opacity="0.2"/>
    <circle cx="50" cy="650" r="160" fill="${mid}" opacity="0.14"/>
    <rect width="${OG_WIDTH}" height="12" fill="${dark}"/>
    ${chip(article.category, x, 72, dark, "#fff")}
    <text font-size="${title.size}" font-weight="700" fill="${dark}">${textLines(title.lines, x, firstBaseline, lineHeight)}</text>
    ${footer(x, dark, `${article.readTime} read`, true)}
  `);
}

/** Title, category and read time of every article, from the Markdown front matter. */
export async function readArticles(blogDir = BLOG_DIR): Promise<ArticleMeta[]> {
  const names = (await readdir(blogDir)).filter((name) => name.endsWith(".md")).sort();
  return Promise.all(
    names.map(async (name) => {
      const { data } = matter(await readFile(join(blogDir, name), "utf8"));
      // The file name is the slug the site routes by (app/content/blog-slugs.ts).
      const slug = name.slice(0, -3);
      for (const field of ["title", "category", "readTime"] as const)
        if (typeof data[field] !== "string" || !data[field])
          throw new Error(`${name}: front matter has no ${field}`);
      return { slug, title: data.title, category: data.category, readTime: data.readTime };
    }),
  );
}

/**
 * SVG to a 1200x630 palette PNG (flat colours quantise well: 15-65 KB). Dithering only where there
 * is a gradient; on flat colours it would speckle thin lines.
 */
export async function renderPng(svgText: string, { dither = false } = {}): Promise<Buffer> {
  return sharp(Buffer.from(svgText))
    .resize(OG_WIDTH, OG_HEIGHT)
    .png({ palette: true, quality: 90, effort: 7, compressionLevel: 6, dither: dither ? 1 : 0 })
    .toBuffer();
}

async function inPool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

export interface OgOptions {
  outDir?: string;
  blogDir?: string;
  concurrency?: number;
}

/**
 * Writes home.png, blog.png and <slug>.png per article into `outDir`, removing PNGs of articles that
 * are gone. Returns the file names.
 */
export async function generateOgImages({
  outDir = DEFAULT_OUT_DIR,
  blogDir = BLOG_DIR,
  concurrency = 4,
}: OgOptions = {}): Promise<string[]> {
  const articles = await readArticles(blogDir);
  const jobs: { file: string; svg: () => string; dither?: boolean }[] = [
    { file: "home.png", svg: homeSvg, dither: true },
    { file: "blog.png", svg: () => blogSvg(articles.length) },
    ...articles.map((article) => ({ file: `${article.slug}.png`, svg: () => articleSvg(article) })),
  ];
  await mkdir(outDir, { recursive: true });
  // An image of an article that no longer exists goes; nothing else in the folder is touched.
  const wanted = new Set(jobs.map((job) => job.file));
  for (const name of await readdir(outDir))
    if (name.endsWith(".png") && !wanted.has(name)) await rm(join(outDir, name), { force: true });
  await inPool(jobs, concurrency, async ({ file, svg, dither }) => {
    await writeFile(join(outDir, file), await renderPng(svg(), { dither }));
  });
  return jobs.map((job) => job.file);
}

if (import.meta.main) {
  const started = performance.now();
  const files = await generateOgImages();
  const ms = Math.round(performance.now() - started);
  console.log(`og-images: ${files.length} images in ${ms} ms -> ${DEFAULT_OUT_DIR}`);
}
