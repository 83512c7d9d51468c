import { Share2 } from "lucide-react";
import { toast } from "sonner";
import { BLOG_COPY } from "~/content/blog";

/** The browser's share sheet with the title and address; where there is none, the address is copied. */
export function ShareButton({ title }: { title: string }) {
  const share = async () => {
    const url = window.location.href;
    if (navigator.share) {
      await navigator.share({ title, url }).catch(() => {});
      return;
    }
    await navigator.clipboard.writeText(url);
    toast.success(BLOG_COPY.linkCopied, { description: BLOG_COPY.linkCopiedText });
  };
  return (
    <button
      type="button"
      onClick={share}
      className="js-only inline-flex items-center gap-2 rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50"
    >
      <Share2 aria-hidden="true" className="size-4" /> {BLOG_COPY.share}
    </button>
  );
}
