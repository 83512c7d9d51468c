/** The blog index: the article list from the `posts` table. */
import { ArrowRight, Calendar, Clock } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { BLOG_COPY } from "#app/content/blog.ts";
import { type PostSummary, usePosts } from "../supabase.ts";

const italianDate = (isoDate: string) =>
  new Date(`${isoDate}T12:00:00Z`).toLocaleDateString("it-IT", { timeZone: "UTC" });

/** A post's date and reading time, as the index cards and the article header show them. */
export function PostMeta({ post }: { post: PostSummary }) {
  return (
    <p className="mt-4 flex items-center gap-4 text-sm text-slate-600">
      <span className="flex items-center gap-1">
        <Calendar aria-hidden="true" className="size-4" />
        {italianDate(post.date)}
      </span>
      <span className="flex items-center gap-1">
        <Clock aria-hidden="true" className="size-4" />
        {post.read_time}
      </span>
    </p>
  );
}

export function BlogPage() {
  const { data: posts, isPending } = usePosts();
  useEffect(() => {
    document.title = BLOG_COPY.indexTitle;
  }, []);
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 to-brand-700 py-16 text-center text-white">
        <h1 className="text-4xl font-extrabold">{BLOG_COPY.hero}</h1>
        <p className="mx-auto mt-4 max-w-2xl px-4 text-lg text-brand-100">{BLOG_COPY.heroText}</p>
      </section>
      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-12 sm:grid-cols-2 lg:grid-cols-3">
        {isPending && (
          <div className="h-64 animate-pulse rounded-xl bg-slate-100 sm:col-span-2 lg:col-span-3" />
        )}
        {posts?.map((post) => (
          <article key={post.slug} className="flex flex-col rounded-xl border border-slate-200 p-6 shadow-sm">
            <p className="text-xs font-bold tracking-wide text-brand-700 uppercase">{post.category}</p>
            <h2 className="mt-2 text-xl font-bold">
              <Link to={`/blog/${post.slug}`}>{post.title}</Link>
            </h2>
            <p className="mt-3 flex-1 text-slate-700">{post.excerpt}</p>
            <PostMeta post={post} />
            <Link
              to={`/blog/${post.slug}`}
              className="mt-4 flex items-center gap-1 font-semibold text-brand-700"
              aria-label={`${BLOG_COPY.readArticle}: ${post.title}`}
            >
              {BLOG_COPY.readArticle} <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </article>
        ))}
      </section>
    </>
  );
}
