import { describe, expect, it } from "vitest";
import { parseArticleFile } from "#app/lib/blog/front-matter.ts";
import {
  allPosts,
  countWords,
  findPost,
  relatedPosts,
  WORDS_PER_MINUTE,
} from "#app/lib/blog/posts.server.ts";

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

/** The spec's route table (section 2): every slug has a page. */
const SPEC_SLUGS = [
  "how-to-start-coaching-business-2025",
  "life-coach-salary-how-much-coaches-make-2025",
  "best-coaching-certifications-which-choose",
  "get-first-coaching-client-without-ads",
  "create-coaching-brand-attracts-quality-clients",
  "essential-marketing-strategies-coaches-2025",
  "how-to-price-coaching-services",
  "instagram-for-coaches-organic-growth",
  "create-content-that-converts-coaches",
  "email-marketing-for-coaches",
  "coaching-niches-that-pay-well-2025",
  "scale-coaching-business-six-figures",
  "canva-vs-photoshop-beginners",
  "client-onboarding-forms",
  "coaching-toolkit-time-saving",
  "instagram-post-templates",
  "canva-pro-worth-it",
  "branding-guide-new-coaches",
  "instagram-business-tips-2025",
  "instagram-content-strategy",
  "canva-instagram-templates",
  "instagram-growth-hacks-2025",
  "instagram-templates-coaching",
  "instagram-branding-kit",
  "instagram-marketing-tools",
  "how-to-monetize-instagram",
  "instagram-carousel-design",
  "instagram-for-coaches-freelancers",
  "canva-templates-coaching-business",
];

/** The spec's metadata table (section 2): category, date and read time of the articles it shows. */
const SPEC_METADATA: Record<string, [category: string, date: string, readTime: string]> = {
  "email-marketing-for-coaches": ["Email Marketing", "2025-01-08", "15 min"],
  "coaching-niches-that-pay-well-2025": ["Business Strategy", "2025-01-09", "12 min"],
  "scale-coaching-business-six-figures": ["Business Growth", "2025-01-10", "16 min"],
  "client-onboarding-forms": ["Client Management", "2025-01-11", "9 min"],
  "canva-vs-photoshop-beginners": ["Design Tools", "2025-01-12", "10 min"],
  "coaching-toolkit-time-saving": ["Productivity", "2025-01-13", "8 min"],
  "instagram-templates-coaching": ["Social Media", "2025-01-14", "11 min"],
  "instagram-post-templates": ["Social Media Growth", "2025-01-15", "7 min"],
  "canva-pro-worth-it": ["Tools & Software", "2025-01-16", "9 min"],
  "branding-guide-new-coaches": ["Complete Guide", "2025-01-17", "15 min"],
  "instagram-business-tips-2025": ["Instagram Marketing", "2025-01-15", "12 min"],
  "instagram-content-strategy": ["Content Planning", "2025-01-16", "14 min"],
  "canva-instagram-templates": ["Design Tools", "2025-01-17", "11 min"],
  "instagram-growth-hacks-2025": ["Growth Strategies", "2025-01-18", "13 min"],
  "instagram-branding-kit": ["Branding", "2025-01-19", "10 min"],
  "instagram-marketing-tools": ["Marketing Tools", "2025-01-20", "12 min"],
  "how-to-monetize-instagram": ["Monetization", "2025-01-21", "13 min"],
  "instagram-carousel-design": ["Design Guide", "2025-01-22", "11 min"],
  "instagram-for-coaches-freelancers": ["Business Strategy", "2025-01-23", "12 min"],
  "canva-templates-coaching-business": ["Templates & Tools", "2025-01-24", "10 min"],
};

describe("the spec's articles", () => {
  it("every slug of the route table is an article, and the index holds about 36", () => {
    for (const slug of SPEC_SLUGS) expect(findPost(slug), slug).toBeDefined();
    expect(posts.length).toBe(36);
  });

  it.each(Object.entries(SPEC_METADATA))("%s: category, date and read time as in the spec", (slug, meta) => {
    const post = findPost(slug)!;
    expect([post.category, post.date, post.readTime]).toEqual(meta);
  });
});

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

describe("parseArticleFile", () => {
  const article = (frontMatter: string) => `---\n${frontMatter}\n---\n\nThe body.\n`;
  const valid = [
    "slug: a-test-article",
    'title: "A Test Article Title"',
    'excerpt: "An excerpt long enough for the schema, which wants forty characters at least."',
    "date: 2025-01-08",
    "category: Testing",
    "readTime: 9 min",
    'tags: ["One", "Two"]',
  ];

  it("returns the front matter (a YAML date as YYYY-MM-DD) and the Markdown body", () => {
    const { data, content } = parseArticleFile("a-test-article.md", article(valid.join("\n")));
    expect(data).toEqual({
      slug: "a-test-article",
      title: "A Test Article Title",
      excerpt: "An excerpt long enough for the schema, which wants forty characters at least.",
      date: "2025-01-08",
      category: "Testing",
      readTime: "9 min",
      tags: ["One", "Two"],
    });
    expect(content.trim()).toBe("The body.");
  });

  it("reads an optional revision day, `updated`, as YYYY-MM-DD", () => {
    const revised = parseArticleFile(
      "a-test-article.md",
      article([...valid, "updated: 2025-03-02"].join("\n")),
    );
    expect(revised.data).toMatchObject({ date: "2025-01-08", updated: "2025-03-02" });
    expect(parseArticleFile("a-test-article.md", article(valid.join("\n"))).data.updated).toBeUndefined();
  });

  it("names the file and every invalid field", () => {
    const broken = valid
      .filter((line) => !line.startsWith("category:"))
      .map((line) => (line.startsWith("readTime:") ? "readTime: nine minutes" : line));
    expect(() => parseArticleFile("a-test-article.md", article(broken.join("\n")))).toThrow(
      /^a-test-article\.md: invalid front matter: .*category: .*; readTime: /,
    );
  });

  it("rejects a slug that is not the file name", () => {
    expect(() => parseArticleFile("another-name.md", article(valid.join("\n")))).toThrow(
      "another-name.md declares slug a-test-article",
    );
  });
});
