/**
 * Drawing of the Open Graph images (scripts/og-images.ts): the SVG for the landing page (homeSvg),
 * the blog index (blogSvg) and each article (articleSvg), built from pieces (brand mark, template and
 * article cards, category chip, footer). Returns SVG strings only; rendering them is the script's job.
 */
import { BLOG_COPY } from "#app/content/blog.ts";
import { MOTIFS, motifFor } from "#app/content/blog-art.ts";
import { CLAIMS, PRODUCT } from "#app/content/site.ts";
import type { FrontMatter } from "#app/lib/blog/front-matter.ts";
import type { Tone } from "#app/lib/blog/tones.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import { formatCents } from "#app/lib/money.ts";
import { SOCIAL_IMAGE } from "#app/lib/social-image.ts";
import { fitText, textWidth, warnIfCut } from "./text-layout.ts";

/**
 * DejaVu Sans is what Debian installs with fontconfig (fonts-dejavu-core, see `fc-list`); librsvg
 * finds it through fontconfig. The generic fallback only matters on machines without it.
 */
const FONT = "'DejaVu Sans', sans-serif";

/** The store's brand purple: dark, mid, light. */
const BRAND = { dark: "#4c1d95", mid: "#7c3aed", light: "#ede9fe", soft: "#c4b5fd" } as const;
const BRAND_TONE: Tone = [BRAND.dark, BRAND.mid, BRAND.light];

/** What an article's image shows, from its front matter. */
export type ArticleMeta = Pick<FrontMatter, "slug" | "title" | "category" | "readTime">;

/** Lines as <tspan>s, first baseline at `y`. */
function textLines(lines: string[], x: number, y: number, lineHeight: number): string {
  return lines
    .map((line, i) => `<tspan x="${x}" y="${Math.round(y + i * lineHeight)}">${escapeMarkup(line)}</tspan>`)
    .join("");
}

function svg(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SOCIAL_IMAGE.width}" height="${SOCIAL_IMAGE.height}" viewBox="0 0 ${SOCIAL_IMAGE.width} ${SOCIAL_IMAGE.height}" font-family="${FONT}">${body}</svg>`;
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
    <rect width="${SOCIAL_IMAGE.width}" height="${SOCIAL_IMAGE.height}" fill="url(#bg)"/>
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
    <rect width="${SOCIAL_IMAGE.width}" height="${SOCIAL_IMAGE.height}" fill="${BRAND.light}"/>
    <circle cx="1120" cy="60" r="240" fill="${BRAND.mid}" opacity="0.16"/>
    <circle cx="40" cy="640" r="170" fill="${BRAND.mid}" opacity="0.12"/>
    <rect width="${SOCIAL_IMAGE.width}" height="12" fill="${BRAND.dark}"/>
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
  const rightX = SOCIAL_IMAGE.width - x;
  const iconX = rightX - textWidth(right, size, "regular") - 26;
  return `<line x1="${x}" y1="522" x2="${SOCIAL_IMAGE.width - x}" y2="522" stroke="${color}" stroke-width="2" opacity="0.18"/>
    ${brandMark(x, 550, 48, color, "#fff")}
    <text x="${x + 64}" y="584" font-size="28" font-weight="700" fill="${color}">${escapeMarkup(PRODUCT.brand)}</text>
    ${clock ? clockIcon(iconX, 575, 13, color) : ""}
    <text x="${rightX}" y="584" font-size="${size}" fill="${color}" text-anchor="end">${escapeMarkup(right)}</text>`;
}

export function articleSvg(article: ArticleMeta): string {
  // The palette of the article's illustration (app/content/blog-art.ts), so card and page match.
  const [dark, mid, light] = MOTIFS[motifFor(article.category)].tone;
  const x = 80;
  const title = fitText(article.title, SOCIAL_IMAGE.width - 2 * x, [72, 66, 60, 56, 52, 48], (size) =>
    size >= 60 ? 3 : 4,
  );
  warnIfCut(`${article.slug}.png`, title);
  const lineHeight = Math.round(title.size * 1.17);
  // Centre the title block between the chip (ends at y=122) and the footer rule (y=522).
  const blockHeight = (title.lines.length - 1) * lineHeight + title.size * 0.95;
  const firstBaseline = 122 + (400 - blockHeight) / 2 + title.size * 0.76;
  return svg(`
    <rect width="${SOCIAL_IMAGE.width}" height="${SOCIAL_IMAGE.height}" fill="${light}"/>
    <circle cx="1130" cy="40" r="250" fill="${mid}" opacity="0.2"/>
    <circle cx="50" cy="650" r="160" fill="${mid}" opacity="0.14"/>
    <rect width="${SOCIAL_IMAGE.width}" height="12" fill="${dark}"/>
    ${chip(article.category, x, 72, dark, "#fff")}
    <text font-size="${title.size}" font-weight="700" fill="${dark}">${textLines(title.lines, x, firstBaseline, lineHeight)}</text>
    ${footer(x, dark, `${article.readTime} read`, true)}
  `);
}
