import { readdirSync } from "node:fs";
import { join } from "node:path";

/** The blog's articles are the Markdown files in app/content/blog; the file name is the slug. */
export const BLOG_DIR = join(process.cwd(), "app", "content", "blog");

export function blogSlugs(): string[] {
  return readdirSync(BLOG_DIR)
    .filter((name) => name.endsWith(".md"))
    .map((name) => name.slice(0, -3))
    .sort();
}
