import { BLOG_COPY } from "#app/content/blog.ts";
import { allPosts } from "#app/lib/blog/posts.server.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import { publicConfig } from "#app/lib/public-config.server.ts";

/** RSS 2.0 of every article. */
export function loader() {
  const { publicUrl } = publicConfig();
  const items = allPosts()
    .map(
      (post) => `    <item>
      <title>${escapeMarkup(post.title)}</title>
      <link>${publicUrl}/blog/${post.slug}</link>
      <guid isPermaLink="true">${publicUrl}/blog/${post.slug}</guid>
      <pubDate>${new Date(`${post.date}T09:00:00Z`).toUTCString()}</pubDate>
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
    <atom:link href="${publicUrl}/blog/rss.xml" rel="self" type="application/rss+xml"/>
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
