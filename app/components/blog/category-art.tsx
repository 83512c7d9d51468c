/**
 * The blog's illustrations: one drawn motif per category (app/media/blog/*.svg, mapped in
 * ~/content/blog-art), rendered at build time by vite-imagetools to AVIF and WebP in three widths.
 */
import type { Picture as PictureData } from "vite-imagetools";
import { Picture, picturesByName } from "#app/components/picture.tsx";
import { MOTIFS, motifFor } from "#app/content/blog-art.ts";

const PICTURES = picturesByName(
  import.meta.glob<PictureData>("../../media/blog/*.svg", {
    eager: true,
    import: "default",
    query: { w: "480;800;1200", format: "avif;webp", as: "picture" },
  }),
);

/** `sizes` for the layouts that show the art (see the grid and container classes of each route). */
export const ART_SIZES = {
  /** Index cards: max-w-6xl px-4 container, gap-8 grid of 1 column, 2 from md, 3 from lg. */
  card: "(min-width: 1152px) 352px, (min-width: 1024px) calc((100vw - 96px) / 3), (min-width: 768px) calc((100vw - 64px) / 2), calc(100vw - 32px)",
  /** Article hero: max-w-3xl px-4. */
  hero: "(min-width: 768px) 736px, calc(100vw - 32px)",
} as const;

export function CategoryArt({
  category,
  decorative = false,
  sizes = ART_SIZES.card,
  loading = "lazy",
  className = "",
}: {
  category: string;
  /** No text for screen readers, where the picture only repeats what is beside it (index cards). */
  decorative?: boolean;
  sizes?: string;
  /** "eager" (fetched first, at high priority) for an image above the fold, "lazy" below it. */
  loading?: "eager" | "lazy";
  className?: string;
}) {
  const motif = motifFor(category);
  const picture = PICTURES.get(motif);
  if (!picture) throw new Error(`No illustration app/media/blog/${motif}.svg`);
  return (
    <Picture
      picture={picture}
      alt={decorative ? "" : MOTIFS[motif].alt}
      sizes={sizes}
      loading={loading}
      fetchPriority={loading === "eager" ? "high" : undefined}
      className={className}
      style={{ backgroundColor: MOTIFS[motif].background }}
    />
  );
}
