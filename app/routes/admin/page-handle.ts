/** What every admin page tells the document: Italian, its own header (root.tsx reads both). */
import type { PageHandle } from "#app/root.tsx";

export const adminHandle: PageHandle = { lang: () => "it", ownHeader: () => true };

/** Every admin page's meta: its title, and never indexed. */
export const adminMeta = (title: string) => [
  { title: `${title} · Pannello di amministrazione segreto` },
  { name: "robots", content: "noindex, nofollow" },
];

/** Never cached by a browser or a proxy: every admin page shows personal or secret data. */
export const adminHeaders = () => ({ "Cache-Control": "no-store" });
