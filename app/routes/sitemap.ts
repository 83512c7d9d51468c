import { allPosts } from "#app/lib/blog/posts.server.ts";
import { publicConfig } from "#app/lib/public-config.server.ts";

/** The public pages: the landing page, the blog and every article (not the checkout or the secret pages). */
export function loader() {
  const { publicUrl } = publicConfig();
  const urls = [
    { loc: `${publicUrl}/`, lastmod: undefined },
    { loc: `${publicUrl}/blog`, lastmod: allPosts()[0]?.date },
    ...allPosts().map((post) => ({ loc: `${publicUrl}/blog/${post.slug}`, lastmod: post.date })),
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
