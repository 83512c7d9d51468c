import { readFileSync } from "node:fs";
import { join } from "node:path";
import MarkdownIt from "markdown-it";
import container from "markdown-it-container";
import { BLOG_DIR, blogSlugs } from "#app/content/blog-slugs.ts";
import { type FrontMatter, parseArticleFile } from "#app/lib/blog/front-matter.ts";

/** Words a minute for the read time (spec: read times of 7 to 16 minutes). */
export const WORDS_PER_MINUTE = 230;

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface Post extends FrontMatter {
  /** The day of its last revision (`updated`, else `date`): structured data, RSS and sitemap. */
  modified: string;
  html: string;
  words: number;
  /** Minutes computed from the text; `readTime` is the editorial figure it is checked against. */
  minutes: number;
  faq: FaqEntry[];
  /** Other articles this one links to. */
  links: string[];
}

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });

// Links to other sites open in a new tab without handing them this page.
const defaultLink =
  markdown.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx]!.attrGet("href") ?? "");
  if (/^https?:\/\//.test(href)) {
    tokens[idx]!.attrSet("target", "_blank");
    tokens[idx]!.attrSet("rel", "noopener noreferrer");
  } else if (href === "/checkout") {
    tokens[idx]!.attrSet("class", "blog-cta-button");
  }
  return defaultLink(tokens, idx, options, env, self);
};

/**
 * A link to an article that is not (or no longer) in the blog is rendered as its plain text, so no
 * article ever links to a missing page.
 */
markdown.core.ruler.push("drop_missing_article_links", (state) => {
  const known = new Set(blogSlugs());
  for (const block of state.tokens) {
    const children = block.children ?? [];
    for (let i = 0; i < children.length; i++) {
      const open = children[i]!;
      const slug =
        open.type === "link_open"
          ? String(open.attrGet("href") ?? "").match(/^\/blog\/([a-z0-9-]+)$/)?.[1]
          : undefined;
      if (!slug || known.has(slug)) continue;
      const close = children.findIndex((token, j) => j > i && token.type === "link_close");
      children.splice(close, 1);
      children.splice(i, 1);
      i--;
    }
  }
});

// A table wider than a phone scrolls sideways (app.css): it takes focus, so a keyboard can scroll it too.
markdown.renderer.rules.table_open = (tokens, idx, options, _env, self) => {
  tokens[idx]!.attrSet("tabindex", "0");
  return self.renderToken(tokens, idx, options);
};

markdown.use(container, "cta", {
  render: (tokens: { nesting: number }[], idx: number) =>
    tokens[idx]!.nesting === 1 ? '<div class="blog-cta">\n' : "</div>\n",
});
markdown.use(container, "faq", {
  render: (tokens: { nesting: number }[], idx: number) =>
    tokens[idx]!.nesting === 1
      ? '<section class="blog-faq" aria-labelledby="faq-heading"><h2 id="faq-heading">Frequently Asked Questions</h2>\n'
      : "</section>\n",
});

/** Plain words of a Markdown body: no syntax, no link targets. */
export function countWords(body: string): number {
  const text = body
    .replace(/^:::.*$/gm, " ")
    .replace(/\]\([^)]*\)/g, "]")
    .replace(/[#>*_`|[\]-]+/g, " ");
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

function faqOf(body: string): FaqEntry[] {
  const block = body.match(/^::: faq\s*\n([\s\S]*?)^:::\s*$/m)?.[1] ?? "";
  return [...block.matchAll(/^###\s+(.+)\n+([\s\S]*?)(?=^###\s|(?![\s\S]))/gm)].map((m) => ({
    question: m[1]!.trim(),
    answer: m[2]!
      .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
      .replace(/[*_`]/g, "")
      .trim(),
  }));
}

function load(slug: string): Post {
  const file = `${slug}.md`;
  const { data: meta, content } = parseArticleFile(file, readFileSync(join(BLOG_DIR, file), "utf8"));
  const words = countWords(content);
  return {
    ...meta,
    modified: meta.updated ?? meta.date,
    html: markdown.render(content),
    words,
    minutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    faq: faqOf(content),
    links: [...content.matchAll(/\]\(\/blog\/([a-z0-9-]+)\)/g)].map((m) => m[1]!),
  };
}

let cache: Post[] | undefined;

/** Every article, newest first (read once: the files change only with a new build). */
export function allPosts(): Post[] {
  cache ??= blogSlugs()
    .map(load)
    .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
  return cache;
}

/** The day the blog last changed: its newest article's last revision. */
export function blogModified(): string | undefined {
  return allPosts()
    .map((post) => post.modified)
    .sort()
    .at(-1);
}

export function findPost(slug: string): Post | undefined {
  return allPosts().find((post) => post.slug === slug);
}

/** Up to three articles to read next: the ones this article links to, then the same category, then the newest. */
export function relatedPosts(post: Post): Post[] {
  const others = allPosts().filter((p) => p.slug !== post.slug);
  const ranked = [
    ...others.filter((p) => post.links.includes(p.slug)),
    ...others.filter((p) => p.category === post.category),
    ...others,
  ];
  return [...new Map(ranked.map((p) => [p.slug, p])).values()].slice(0, 3);
}

/** 2025-01-08 -> "8/1/2025" (Italian locale, as the spec shows dates on the blog). */
export function italianDate(isoDate: string): string {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString("it-IT", { timeZone: "UTC" });
}
