import { ACCESSIBILITY } from "#app/content/accessibility.ts";
import { PRIVACY, TERMS } from "#app/content/legal.ts";
import { REVIEWS_PATH, VERIFICATION_PATH, VERIFICATION_UPDATED } from "#app/content/reviews.ts";
import { allPosts, blogModified } from "#app/lib/blog/posts.server.ts";
import { publicConfigOf } from "#app/lib/public-config.server.ts";
import type { Route } from "./+types/sitemap";

/** The public pages: the landing page, the blog, every article, the legal pages and the accessibility statement, the reviews and how they are verified (not the checkout or the secret pages). */
export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = publicConfigOf(context);
  // The landing page's date is the build's: the sitemap is prerendered with it (react-router.config.ts),
  // and every build renders the landing page anew from the current copy, prices and configuration,
  // which no article date follows. (In development both are rendered per request: today.)
  const built = new Date().toISOString().slice(0, 10);
  const urls = [
    { loc: `${publicUrl}/`, lastmod: built },
    { loc: `${publicUrl}/blog`, lastmod: blogModified() },
    ...allPosts().map((post) => ({ loc: `${publicUrl}/blog/${post.slug}`, lastmod: post.modified })),
    ...[TERMS, PRIVACY, ACCESSIBILITY].map((page) => ({
      loc: `${publicUrl}${page.path}`,
      lastmod: page.updated,
    })),
    { loc: `${publicUrl}${VERIFICATION_PATH}`, lastmod: VERIFICATION_UPDATED },
    // The list changes with every review; its layout's date is the verification page's.
    { loc: `${publicUrl}${REVIEWS_PATH}`, lastmod: VERIFICATION_UPDATED },
  ];
  const body = urls
    .map(
      ({ loc, lastmod }) => `  <url><loc>${loc}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`,
    {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    },
  );
}
