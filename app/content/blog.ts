/** The blog's page copy; the articles themselves are the Markdown files in app/content/blog/. */
export const BLOG_COPY = {
  indexTitle: "Blog for Professional Coaches - Life Coaching Toolkit",
  indexDescription:
    "Practical guides for coaches: starting and pricing a coaching business, finding clients, branding, Instagram, Canva and email marketing.",
  hero: "Blog for Professional Coaches",
  heroText: "Practical, step-by-step guides to start, brand and grow your coaching business.",
  readArticle: "Read Article",
  ctaTitle: "Build Your Coaching Brand Faster",
  ctaText:
    "2500+ Canva templates for social media, client worksheets, workbooks and forms, ready to customize.",
  cta: "Get Your Toolkit Now - $47.00",
  back: "Back to Blog",
  share: "Share this article",
  linkCopied: "Link copied",
  linkCopiedText: "The article's address is on your clipboard.",
  copyFailed: "Copy this address to share the article",
  related: "Keep reading",
  rssTitle: "Life Coaching Toolkit Blog",
} as const;
