/**
 * Builds the client-rendered peer (ADR 028) into a fresh temp directory with Vite's JS API, and
 * writes beside it the files nginx answers the peer's supabase-js requests with: the `products`,
 * `posts` and `orders` REST reads and the articles' Markdown in the `blog` storage bucket, all from
 * the store's own content. Serve the result with `startNginx({ root, spa: true })`.
 */

import { readFileSync } from "node:fs";
import { chmod, mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { BLOG_DIR } from "#app/content/blog-slugs.ts";
import { PRODUCT } from "#app/content/site.ts";
import { parseArticleFile } from "#app/lib/blog/front-matter.ts";
import { allPosts } from "#app/lib/blog/posts.server.ts";

/** The Checkout session id the peer's success page is loaded with. */
export const PEER_SESSION_ID = "cs_test_peer";

export async function buildPeer(): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), "bench-peer-"));
  await build({
    configFile: fileURLToPath(new URL("vite.config.ts", import.meta.url)),
    build: { outDir, emptyOutDir: true },
    // Errors only: a Vite SPA build warns about its one large chunk and Radix's "use client" lines.
    logLevel: "error",
  });
  const write = async (path: string, body: string) => {
    await mkdir(join(outDir, path, ".."), { recursive: true });
    await writeFile(join(outDir, path), body);
  };
  const json = (value: unknown) => JSON.stringify(value);
  // Lovable's template ships one in public/; without it the SPA fallback would answer with HTML.
  await write("robots.txt", "User-agent: *\nAllow: /\n");
  await write(
    "rest/v1/products",
    json({
      id: 1,
      name: PRODUCT.name,
      price_cents: PRODUCT.priceCents,
      list_price_cents: PRODUCT.listPriceCents,
      in_stock: true,
      file_size_bytes: 48 * 1024 * 1024,
    }),
  );
  const posts = allPosts();
  await write(
    "rest/v1/posts",
    json(
      posts.map((post) => ({
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        date: post.date,
        category: post.category,
        read_time: post.readTime,
      })),
    ),
  );
  for (const post of posts) {
    const file = `${post.slug}.md`;
    const { content } = parseArticleFile(file, readFileSync(join(BLOG_DIR, file), "utf8"));
    await write(`storage/v1/object/blog/${file}`, content);
  }
  await write(
    "rest/v1/orders",
    json({
      id: "ORD-PEER-0001",
      email: "buyer@example.com",
      amount_cents: PRODUCT.priceCents,
      created_at: new Date().toISOString(),
      product_name: PRODUCT.name,
      download_url: `/downloads/${PRODUCT.downloadFileName}`,
      file_size_bytes: 48 * 1024 * 1024,
    }),
  );
  // nginx's workers run as an unprivileged user.
  await chmod(outDir, 0o755);
  return outDir;
}
