/** Pieces of schema.org JSON-LD that several pages share. */
import { SITE } from "#app/content/site.ts";
import { LOGO } from "#app/lib/social-image.ts";

/**
 * The store as an Organization with its name, address and raster logo: the articles' author and
 * publisher. `publicUrl` is the store's origin.
 */
export function brandOrganization(publicUrl: string) {
  return {
    "@type": "Organization",
    name: SITE.name,
    url: `${publicUrl}/`,
    logo: { "@type": "ImageObject", url: `${publicUrl}${LOGO.path}`, width: LOGO.size, height: LOGO.size },
  };
}
