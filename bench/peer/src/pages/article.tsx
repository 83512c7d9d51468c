/**
 * An article: its row from the `posts` table and its Markdown body from the `blog` storage bucket,
 * rendered in the browser with markdown-it and the store's `::: cta` and `::: faq` blocks.
 */
import { ArrowLeft } from "lucide-react";
import MarkdownIt from "markdown-it";
import container from "markdown-it-container";
import { useEffect, useMemo } from "react";
import { Link, useParams } from "react-router";
import { BLOG_COPY } from "#app/content/blog.ts";
import { useArticleBody, usePosts } from "../supabase.ts";
import { PostMeta } from "./blog.tsx";

const markdown = new MarkdownIt({ typographer: true })
  .use(container, "cta", {
    render: (tokens: { nesting: number }[], idx: number) =>
      tokens[idx]!.nesting === 1 ? '<div class="blog-cta">\n' : "</div>\n",
  })
  .use(container, "faq", {
    render: (tokens: { nesting: number }[], idx: number) =>
      tokens[idx]!.nesting === 1
        ? '<section class="blog-faq"><h2>Frequently Asked Questions</h2>\n'
        : "</section>\n",
  });

export function ArticlePage() {
  const { slug = "" } = useParams();
  const post = usePosts().data?.find((p) => p.slug === slug);
  const { data: body } = useArticleBody(slug);
  const html = useMemo(() => (body ? markdown.render(body) : ""), [body]);
  useEffect(() => {
    if (post) document.title = post.title;
  }, [post]);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/blog" className="flex items-center gap-1 text-sm font-semibold text-brand-700">
        <ArrowLeft aria-hidden="true" className="size-4" /> {BLOG_COPY.back}
      </Link>
      {post ? (
        <header className="mt-6">
          <p className="text-xs font-bold tracking-wide text-brand-700 uppercase">{post.category}</p>
          <h1 className="mt-2 text-4xl font-extrabold">{post.title}</h1>
          <PostMeta post={post} />
        </header>
      ) : (
        <div className="mt-6 h-32 animate-pulse rounded-xl bg-slate-100" />
      )}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the article's own Markdown, rendered without raw HTML */}
      <div className="blog-body mt-8" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
