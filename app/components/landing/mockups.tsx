/**
 * The landing page's product images: template previews drawn by the project as SVG
 * (app/media/landing/*.svg, 4:5, text in DejaVu Sans) and rendered at build time by vite-imagetools
 * to AVIF and WebP. Nothing is fetched from elsewhere, and no SVG markup is inlined into the page.
 */
import type { Picture as PictureData } from "vite-imagetools";
import { Picture, picturesByName } from "#app/components/picture.tsx";

const GALLERY_PICTURES = picturesByName(
  import.meta.glob<PictureData>(["../../media/landing/*.svg", "!**/hero.svg"], {
    eager: true,
    import: "default",
    query: { w: "320;640", format: "avif;webp", as: "picture" },
  }),
);

const HERO_PICTURE = Object.values(
  import.meta.glob<PictureData>("../../media/landing/hero.svg", {
    eager: true,
    import: "default",
    query: { w: "480;800;1200", format: "avif;webp", as: "picture" },
  }),
)[0];

/** `sizes` for the layouts of the hero and the gallery (hero.tsx, gallery.tsx) (max-w-6xl px-4 containers: 1120px of content at most). */
const MOCKUP_SIZES = {
  /** Hero: the second column of a gap-10 grid from md; below, full width up to max-w-xl (576px). */
  hero: "(min-width: 1152px) 540px, (min-width: 768px) calc((100vw - 72px) / 2), (min-width: 608px) 576px, calc(100vw - 32px)",
  /** Gallery: gap-4 grid of 2 columns, 4 from sm; each item has a 1px border and p-2 (18px). */
  gallery:
    "(min-width: 1152px) 250px, (min-width: 640px) calc((100vw - 152px) / 4), calc((100vw - 84px) / 2)",
} as const;

/** The background of each preview (its tone's lightest shade), shown while the image loads. */
const TONES = {
  violet: "#ede9fe",
  pink: "#fce7f3",
  green: "#d1fae5",
  blue: "#dbeafe",
  orange: "#ffedd5",
} as const;

export const GALLERY: { file: string; label: string; title: string; tone: keyof typeof TONES }[] = [
  { file: "post-mindset-monday", label: "Instagram post", title: "Mindset Monday", tone: "pink" },
  { file: "worksheet-goal-setting", label: "Client worksheet", title: "Goal Setting", tone: "green" },
  { file: "brand-kit-business-card", label: "Brand kit", title: "Business Card", tone: "violet" },
  { file: "carousel-5-habits", label: "Instagram carousel", title: "5 Habits", tone: "orange" },
  { file: "form-intake", label: "Client form", title: "Intake Form", tone: "blue" },
  { file: "email-signature", label: "Email signature", title: "Signature Block", tone: "green" },
  { file: "story-free-call", label: "Instagram story", title: "Free Call", tone: "violet" },
  { file: "workbook-values-map", label: "Workbook page", title: "Values Map", tone: "pink" },
];

/** A gallery preview: far below the fold, so lazy. */
export function TemplatePreview({ file, label, title, tone }: (typeof GALLERY)[number]) {
  const picture = GALLERY_PICTURES.get(file);
  if (!picture) throw new Error(`No template preview app/media/landing/${file}.svg`);
  return (
    <Picture
      picture={picture}
      alt={`${label} template: ${title}`}
      sizes={MOCKUP_SIZES.gallery}
      className="rounded-xl"
      style={{ backgroundColor: TONES[tone] }}
    />
  );
}

/**
 * The hero's toolkit composition. Eager, as it is in a laptop's first viewport, but at low
 * priority: on phones it is below the fold and the headline is the largest content painted first,
 * so on a slow connection its 30 KB must not delay the stylesheet that paints the headline (ADR 031).
 */
export function HeroMockup({ alt }: { alt: string }) {
  if (!HERO_PICTURE) throw new Error("No hero image app/media/landing/hero.svg");
  return (
    <Picture picture={HERO_PICTURE} alt={alt} sizes={MOCKUP_SIZES.hero} loading="eager" fetchPriority="low" />
  );
}
