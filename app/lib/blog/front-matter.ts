/**
 * The front matter of a blog article (app/content/blog/<slug>.md) and the one parser for an article
 * file: the site (app/lib/blog/posts.server.ts) and the Open Graph image script
 * (scripts/og-images.ts) both read articles through it, so they accept the same files.
 *
 * Plain `node` imports it too: zod, gray-matter and `#app/...ts` modules only, nothing Vite-only.
 */
import matter from "gray-matter";
import { z } from "zod";

/** A YAML date (`2025-01-08`, which YAML reads as a Date) or a string, as YYYY-MM-DD. */
const day = z
  .union([z.date(), z.string()])
  .transform((d) => (d instanceof Date ? d.toISOString().slice(0, 10) : d));

export const frontMatterSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(10).max(120),
  excerpt: z.string().min(40).max(300),
  date: day,
  /** The day of the last substantial revision, when there was one (structured data's `dateModified`). */
  updated: day.optional(),
  category: z.string().min(2),
  readTime: z.string().regex(/^\d+ min$/),
  tags: z.array(z.string()).min(1).max(8),
});

export type FrontMatter = z.infer<typeof frontMatterSchema>;

export interface ArticleFile {
  data: FrontMatter;
  /** The Markdown body after the front matter. */
  content: string;
}

/**
 * Splits the text of the article file `file` (its name, `<slug>.md`) into its front matter, checked
 * against the schema, and its Markdown body. Throws naming the file and every invalid field, or when
 * the declared slug is not the file's name (the site routes by file name, see blog-slugs.ts).
 */
export function parseArticleFile(file: string, source: string): ArticleFile {
  const { data, content } = matter(source);
  const parsed = frontMatterSchema.safeParse(data);
  if (!parsed.success) {
    const fields = parsed.error.issues.map(
      (issue) => `${issue.path.length ? issue.path.join(".") : "(front matter)"}: ${issue.message}`,
    );
    throw new Error(`${file}: invalid front matter: ${fields.join("; ")}`);
  }
  const slug = file.replace(/\.md$/, "");
  if (parsed.data.slug !== slug) throw new Error(`${file} declares slug ${parsed.data.slug}`);
  return { data: parsed.data, content };
}
