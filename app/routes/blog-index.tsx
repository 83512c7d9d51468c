import { Link } from "react-router";
import { ART_SIZES, CategoryArt } from "#app/components/blog/category-art.tsx";
import { BLOG_COPY } from "#app/content/blog.ts";
// A standalone page script, not a worker: see home.tsx and ADR 008.
import blogScript from "#app/enhance/blog.ts?worker&url";
import { allPosts, italianDate } from "#app/lib/blog/posts.server.ts";
import { publicConfigOf } from "#app/lib/public-config.server.ts";
import { socialImageMeta, socialImageUrl } from "#app/lib/social-image.ts";
import { brandOrganization } from "#app/lib/structured-data.ts";
import type { PageHandle } from "#app/root.tsx";
import { loadAsDocument } from "#app/routes/load-as-document.ts";
import type { Route } from "./+types/blog-index";

export const handle: PageHandle = { script: blogScript };
export const clientLoader = loadAsDocument;

export function loader({ context }: Route.LoaderArgs) {
  return {
    publicUrl: publicConfigOf(context).publicUrl,
    posts: allPosts().map(({ slug, title, excerpt, date, modified, category, readTime, tags }) => ({
      slug,
      title,
      excerpt,
      date: italianDate(date),
      isoDate: date,
      modified,
      category,
      readTime,
      tags,
    })),
  };
}

/** The blog and its articles (schema.org Blog, each article a BlogPosting), for the index's JSON-LD. */
function blogJsonLd(publicUrl: string, posts: Awaited<ReturnType<typeof loader>>["posts"]) {
  const publisher = brandOrganization(publicUrl);
  return {
    "@context": "https://schema.org",
    "@type": "Blog",
    name: BLOG_COPY.indexTitle,
    description: BLOG_COPY.indexDescription,
    url: `${publicUrl}/blog`,
    publisher,
    blogPost: posts.map((post) => ({
      "@type": "BlogPosting",
      headline: post.title,
      description: post.excerpt,
      url: `${publicUrl}/blog/${post.slug}`,
      image: socialImageUrl(publicUrl, post.slug),
      datePublished: post.isoDate,
      dateModified: post.modified,
      author: publisher,
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: BLOG_COPY.indexTitle },
  { name: "description", content: BLOG_COPY.indexDescription },
  { tagName: "link", rel: "canonical", href: `${loaderData?.publicUrl ?? ""}/blog` },
  {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: BLOG_COPY.rssTitle,
    href: "/blog/rss.xml",
  },
  { property: "og:type", content: "website" },
  { property: "og:title", content: BLOG_COPY.indexTitle },
  { property: "og:description", content: BLOG_COPY.indexDescription },
  { property: "og:url", content: `${loaderData?.publicUrl ?? ""}/blog` },
  ...socialImageMeta(loaderData?.publicUrl ?? "", "blog", BLOG_COPY.hero),
  { name: "twitter:title", content: BLOG_COPY.indexTitle },
  { name: "twitter:description", content: BLOG_COPY.indexDescription },
  ...(loaderData ? [{ "script:ld+json": blogJsonLd(loaderData.publicUrl, loaderData.posts) }] : []),
];

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-4xl px-4 py-14 text-center">
          <h1 className="text-4xl font-extrabold tracking-tight md:text-5xl">{BLOG_COPY.hero}</h1>
          <p className="mt-4 text-lg text-slate-600">{BLOG_COPY.heroText}</p>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 pb-16">
        <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {loaderData.posts.map((post, index) => (
            <li key={post.slug}>
              <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 shadow-sm">
                <CategoryArt
                  category={post.category}
                  decorative
                  sizes={ART_SIZES.card}
                  loading={index === 0 ? "eager" : "lazy"}
                />
                <div className="flex flex-1 flex-col p-5">
                  {/* Text only: 36 cards of inline icons cost more layout time than they are worth. */}
                  <p className="text-sm text-slate-500">
                    {post.date} · {post.readTime}
                  </p>
                  <p className="mt-3">
                    <span className="rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-800">
                      {post.category}
                    </span>
                  </p>
                  <h2 className="mt-3 text-xl font-bold">
                    <Link to={`/blog/${post.slug}`} className="hover:text-brand-700">
                      {post.title}
                    </Link>
                  </h2>
                  <p className="mt-2 flex-1 text-slate-600">{post.excerpt}</p>
                  <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
                    {post.tags.map((tag) => (
                      <li key={tag} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
                        #{tag}
                      </li>
                    ))}
                  </ul>
                  <Link
                    to={`/blog/${post.slug}`}
                    className="mt-5 inline-flex items-center gap-1 font-semibold text-brand-700"
                    aria-label={`${BLOG_COPY.readArticle}: ${post.title}`}
                  >
                    {BLOG_COPY.readArticle} →
                  </Link>
                </div>
              </article>
            </li>
          ))}
        </ul>
        <div className="mt-16 rounded-2xl bg-brand-900 px-6 py-12 text-center text-white">
          <h2 className="text-3xl font-extrabold">{BLOG_COPY.ctaTitle}</h2>
          <p className="mx-auto mt-3 max-w-2xl text-brand-100">{BLOG_COPY.ctaText}</p>
          <Link
            to="/checkout"
            className="mt-6 inline-block rounded-lg bg-white px-6 py-3 font-bold text-brand-900 hover:bg-brand-50"
          >
            {BLOG_COPY.cta}
          </Link>
        </div>
      </section>
    </>
  );
}
