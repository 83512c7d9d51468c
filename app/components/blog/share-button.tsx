import { Share2 } from "lucide-react";
import { BLOG_COPY } from "#app/content/blog.ts";

/**
 * Opens the browser's share sheet with the title and address; where there is none, copies the
 * address. The behaviour is in enhance/blog.ts (articles ship without React); without JavaScript the
 * button stays hidden.
 */
export function ShareButton({ title }: { title: string }) {
  return (
    <button
      type="button"
      data-share={title}
      className="js-only inline-flex items-center gap-2 rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50"
    >
      <Share2 aria-hidden="true" className="size-4" /> {BLOG_COPY.share}
    </button>
  );
}
