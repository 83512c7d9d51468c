import type { MetaDescriptor } from "react-router";

/** The size of every Open Graph image: scripts/og/drawing.ts draws and scripts/og-images.ts renders at it. */
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;

/**
 * The brand's logo as a 512x512 PNG, which scripts/og-images.ts renders from public/favicon.svg at
 * build time: structured data's publisher logo must be a raster image.
 */
export const LOGO = { path: "/logo.png", size: 512 } as const;

/** The absolute URL of one of the images scripts/og-images.ts draws ("home", "blog" or an article's slug). */
export const socialImageUrl = (publicUrl: string, name: string) => `${publicUrl}/og/${name}.png`;

/**
 * Open Graph and Twitter tags for one of the images scripts/og-images.ts draws at build time
 * (`/og/{name}.png`: "home", "blog" or an article's slug).
 */
export function socialImageMeta(publicUrl: string, name: string, alt: string): MetaDescriptor[] {
  const url = socialImageUrl(publicUrl, name);
  return [
    { property: "og:image", content: url },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(SOCIAL_IMAGE.width) },
    { property: "og:image:height", content: String(SOCIAL_IMAGE.height) },
    { property: "og:image:alt", content: alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: url },
    { name: "twitter:image:alt", content: alt },
  ];
}
