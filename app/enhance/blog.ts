/**
 * The blog's pages ship without React: this script (loaded by root.tsx through the route's
 * `handle.script`) adds the menu and the share button (markup in components/blog/share-button.tsx).
 */
import { BLOG_COPY } from "#app/content/blog.ts";
import { enhanceMenu, markScripted } from "#app/enhance/menu.ts";
import { showToast } from "#app/enhance/toast.ts";

function enhanceShare() {
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-share]")) {
    button.addEventListener("click", async () => {
      const title = button.dataset.share || document.title;
      const url = window.location.href;
      if (navigator.share) {
        // Dismissing the share sheet rejects; there is nothing to tell the reader then.
        await navigator.share({ title, url }).catch(() => {});
        return;
      }
      try {
        await navigator.clipboard.writeText(url);
        showToast(BLOG_COPY.linkCopied, BLOG_COPY.linkCopiedText);
      } catch {
        showToast(BLOG_COPY.copyFailed, url);
      }
    });
  }
}

markScripted();
enhanceMenu();
enhanceShare();
