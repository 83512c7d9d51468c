import type { MetaDescriptor } from "react-router";

/** The size of every Open Graph image: scripts/og/drawing.ts draws and scripts/og-images.ts renders at it. */
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;

/**
 * Open Graph and Twitter tags for one of the images scripts/og-images.ts draws at build time
 * (`/og/{name}.png`: "home", "blog" or an article's slug).
 */
export function socialImageMeta(publicUrl: string, name: string, alt: string): MetaDescriptor[] {
  const url = `${publicUrl}/og/${name}.png`;
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
