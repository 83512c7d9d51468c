import { describe, expect, it } from "vitest";
import { allPosts, countWords, findPost, relatedPosts, WORDS_PER_MINUTE } from "~/lib/blog/posts.server";

const CTA_TEXTS = [
  "Get Your Toolkit Now - $47.00",
  "Get Your Coaching Toolkit - $47.00",
  "Get the Complete Toolkit",
  "Get the Niche Selection Toolkit",
  "Get the Scaling Playbook",
  "Get the Complete Template Toolkit",
  "Download Free Templates",
  "Get the Toolkit Now",
  "Get Templates Now",
  "Get Templates",
  "Get Started",
  "Get Instagram Business Toolkit Now",
  "Start Growing Today - $47",
  "Get Instant Access - $47",
  "Get Template Library - $47",
];

const posts = allPosts();

describe("blog articles", () => {
  it("exist, with unique slugs, newest first", () => {
    expect(posts.length).toBeGreaterThan(0);
    expect(new Set(posts.map((p) => p.slug)).size).toBe(posts.length);
    const dates = posts.map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it.each(posts.map((p) => [p.slug, p] as const))(
    "%s: read time matches the text within a minute",
    (_slug, post) => {
      const declared = Number(post.readTime.replace(" min", ""));
      expect(declared).toBeGreaterThanOrEqual(7);
      expect(declared).toBeLessThanOrEqual(16);
      expect(Math.abs(post.minutes - declared), `${post.words} words`).toBeLessThanOrEqual(1);
    },
  );

  it.each(posts.map((p) => [p.slug, p] as const))(
    "%s: links resolve and calls to action use the spec's texts",
    (_slug, post) => {
      for (const [, slug] of post.html.matchAll(/href="\/blog\/([^"]+)"/g))
        expect(findPost(slug!), `/blog/${slug}`).toBeDefined();
      const ctas = [...post.html.matchAll(/<a href="\/checkout" class="blog-cta-button">([^<]+)<\/a>/g)].map(
        (m) => m[1],
      );
      expect(ctas.length).toBeGreaterThanOrEqual(1);
      for (const text of ctas) expect(CTA_TEXTS).toContain(text);
      for (const [, attrs] of post.html.matchAll(/<a href="https?:[^"]*"([^>]*)>/g)) {
        expect(attrs).toContain('target="_blank"');
        expect(attrs).toContain('rel="noopener noreferrer"');
      }
      expect(post.html).toContain("<blockquote>");
      expect(post.faq.length).toBeGreaterThanOrEqual(3);
      expect(post.html).not.toMatch(/<script|:::/);
    },
  );

  it("suggests three related articles, never the article itself", () => {
    const post = posts[0]!;
    const related = relatedPosts(post);
    expect(related.length).toBe(Math.min(3, posts.length - 1));
    expect(related.map((p) => p.slug)).not.toContain(post.slug);
  });
});

describe("countWords", () => {
  it("counts words, not Markdown syntax or link targets", () => {
    expect(countWords("## A heading\n\n- one **two** [three](https://example.com/a/b)\n\n::: cta\n:::")).toBe(
      5,
    );
    expect(WORDS_PER_MINUTE).toBe(230);
  });
});
