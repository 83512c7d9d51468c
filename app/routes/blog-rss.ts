import { BLOG_COPY } from "#app/content/blog.ts";
import { allPosts, blogModified } from "#app/lib/blog/posts.server.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import { publicConfigOf } from "#app/lib/public-config.server.ts";
import type { Route } from "./+types/blog-rss";

/** A day (YYYY-MM-DD) as RSS writes dates (RFC 822), at 09:00 UTC: "Tue, 14 Jan 2025 09:00:00 GMT". */
const rssDate = (day: string) => new Date(`${day}T09:00:00Z`).toUTCString();

/** RSS 2.0 of every article. */
export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = publicConfigOf(context);
  const posts = allPosts();
  // The feed changes when an article is added (or revised): its newest date is the feed's.
  const lastBuild = blogModified();
  const items = posts
    .map(
      (post) => `    <item>
      <title>${escapeMarkup(post.title)}</title>
      <link>${publicUrl}/blog/${post.slug}</link>
      <guid isPermaLink="true">${publicUrl}/blog/${post.slug}</guid>
      <pubDate>${rssDate(post.date)}</pubDate>
      <category>${escapeMarkup(post.category)}</category>
      <description>${escapeMarkup(post.excerpt)}</description>
    </item>`,
    )
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeMarkup(BLOG_COPY.rssTitle)}</title>
    <link>${publicUrl}/blog</link>
    <description>${escapeMarkup(BLOG_COPY.indexDescription)}</description>
    <language>en-us</language>
${lastBuild ? `    <lastBuildDate>${rssDate(lastBuild)}</lastBuildDate>\n` : ""}    <atom:link href="${publicUrl}/blog/rss.xml" rel="self" type="application/rss+xml"/>
${items}
  </channel>
</rss>
`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
