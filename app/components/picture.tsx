/**
 * One way to show an image made at build time: a vite-imagetools `as=picture` import (AVIF and WebP
 * srcsets, the largest WebP as fallback) as a `<picture>`. The `<img>` has its intrinsic width and
 * height and `h-auto w-full`, so the browser reserves its box before the file arrives: no layout shift.
 */
import type { CSSProperties } from "react";
import type { Picture as PictureData } from "vite-imagetools";

export function Picture({
  picture,
  alt,
  sizes,
  loading = "lazy",
  fetchPriority,
  className = "",
  style,
}: {
  picture: PictureData;
  alt: string;
  /** How wide the image is shown, per layout (the grid and container classes around it). */
  sizes: string;
  /** "eager" for an image that may be in the first viewport, "lazy" further down. */
  loading?: "eager" | "lazy";
  /**
   * "high" only for the largest thing in the first viewport (its LCP element); "low" for an eager
   * image that must not take a slow connection's bandwidth from the stylesheet.
   */
  fetchPriority?: "high" | "low";
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <picture>
      {picture.sources.avif && <source type="image/avif" srcSet={picture.sources.avif} sizes={sizes} />}
      {picture.sources.webp && <source type="image/webp" srcSet={picture.sources.webp} sizes={sizes} />}
      <img
        src={picture.img.src}
        width={picture.img.w}
        height={picture.img.h}
        alt={alt}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        className={["block h-auto w-full", className].filter(Boolean).join(" ")}
        style={style}
      />
    </picture>
  );
}

/** Imported pictures by file name without extension, from an `import.meta.glob` of `as=picture` imports. */
export function picturesByName(pictures: Record<string, PictureData>): Map<string, PictureData> {
  return new Map(
    Object.entries(pictures).map(([file, picture]) => [file.replace(/^.*\/|\.[^.]+$/g, ""), picture]),
  );
}
