import { ArrowLeft, Calendar, Clock } from "lucide-react";
import { Link } from "react-router";
import { ART_SIZES, CategoryArt } from "#app/components/blog/category-art.tsx";
import { ShareButton } from "#app/components/blog/share-button.tsx";
import { BLOG_COPY } from "#app/content/blog.ts";
import { NOT_FOUND } from "#app/content/site.ts";
// A standalone page script, not a worker: see home.tsx and ADR 008.
import blogScript from "#app/enhance/blog.ts?worker&url";
import { findPost, italianDate, relatedPosts } from "#app/lib/blog/posts.server.ts";
import { publicConfigOf } from "#app/lib/public-config.server.ts";
import { socialImageMeta, socialImageUrl } from "#app/lib/social-image.ts";
import { brandOrganization } from "#app/lib/structured-data.ts";
import type { PageHandle } from "#app/root.tsx";
import { notFound } from "#app/routes/http.server.ts";
import { loadAsDocument } from "#app/routes/load-as-document.ts";
import type { Route } from "./+types/blog-post";

export const handle: PageHandle = { script: blogScript };
export const clientLoader = loadAsDocument;

export function loader({ params, request, context }: Route.LoaderArgs) {
  const post = findPost(params.slug);
  if (!post) notFound(request);
  return {
    publicUrl: publicConfigOf(context).publicUrl,
    post: { ...post, displayDate: italianDate(post.date) },
    related: relatedPosts(post).map(({ slug, title, category, readTime }) => ({
      slug,
      title,
      category,
      readTime,
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: NOT_FOUND.documentTitle }];
  const { post, publicUrl } = loaderData;
  const url = `${publicUrl}/blog/${post.slug}`;
  const tags: Route.MetaDescriptors = [
    { title: `${post.title} - Life Coaching Toolkit Blog` },
    { name: "description", content: post.excerpt },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "article" },
    { property: "og:title", content: post.title },
    { property: "og:description", content: post.excerpt },
    { property: "og:url", content: url },
    { property: "article:published_time", content: post.date },
    ...socialImageMeta(publicUrl, post.slug, post.title),
    { name: "twitter:title", content: post.title },
    { name: "twitter:description", content: post.excerpt },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: post.title,
        description: post.excerpt,
        image: socialImageUrl(publicUrl, post.slug),
        datePublished: post.date,
        dateModified: post.modified,
        articleSection: post.category,
        keywords: post.tags.join(", "),
        wordCount: post.words,
        mainEntityOfPage: url,
        author: brandOrganization(publicUrl),
        publisher: brandOrganization(publicUrl),
      },
    },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: "Home", item: `${publicUrl}/` },
          { "@type": "ListItem", position: 2, name: "Blog", item: `${publicUrl}/blog` },
          { "@type": "ListItem", position: 3, name: post.title, item: url },
        ],
      },
    },
  ];
  if (post.faq.length > 0) {
    tags.push({
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: post.faq.map((item) => ({
          "@type": "Question",
          name: item.question,
          acceptedAnswer: { "@type": "Answer", text: item.answer },
        })),
      },
    });
  }
  return tags;
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, related } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <Link
        to="/blog"
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> {BLOG_COPY.back}
      </Link>
      <header className="mt-6">
        <p>
          <span className="rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-800">
            {post.category}
          </span>
        </p>
        <h1 className="mt-4 text-3xl leading-tight font-extrabold tracking-tight md:text-4xl">
          {post.title}
        </h1>
        <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-slate-500">
          <span className="inline-flex items-center gap-1">
            <Calendar aria-hidden="true" className="size-4" />{" "}
            <time dateTime={post.date}>{post.displayDate}</time>
          </span>
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="size-4" /> {post.readTime}
          </span>
        </div>
      </header>
      <CategoryArt
        category={post.category}
        sizes={ART_SIZES.hero}
        loading="eager"
        className="mt-8 rounded-2xl"
      />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the repository's own Markdown, rendered at build time with raw HTML disabled */}
      <div className="blog-body mt-8" dangerouslySetInnerHTML={{ __html: post.html }} />
      <footer className="mt-10 border-t border-slate-200 pt-6">
        <ShareButton title={post.title} />
      </footer>
      {related.length > 0 && (
        <nav aria-labelledby="related-title" className="mt-12">
          <h2 id="related-title" className="text-xl font-bold">
            {BLOG_COPY.related}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-3">
            {related.map((item) => (
              <li key={item.slug} className="rounded-xl border border-slate-200 p-4">
                <p className="text-xs font-semibold text-brand-700">{item.category}</p>
                <Link to={`/blog/${item.slug}`} className="mt-1 block font-semibold hover:text-brand-700">
                  {item.title}
                </Link>
                <p className="mt-1 text-xs text-slate-500">{item.readTime}</p>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </article>
  );
}
