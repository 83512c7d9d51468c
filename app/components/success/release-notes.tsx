/**
 * The success page's section on what the buyer downloads: the version and its English changelog,
 * as plain text; nothing when the owner wrote no changelog (a heading over nothing says nothing).
 */
import { Sparkles } from "lucide-react";
import { RELEASE_NOTES_COPY } from "#app/content/buyer-updates.ts";

export function ReleaseNotes({ release }: { release: { version: string | null; changelog: string | null } }) {
  if (!release.changelog) return null;
  return (
    <section aria-labelledby="release-notes" className="mt-6 rounded-2xl border border-slate-200 p-6">
      <h2 id="release-notes" className="flex items-center gap-2 text-lg font-bold">
        <Sparkles aria-hidden="true" className="size-5 text-brand-700" />{" "}
        {RELEASE_NOTES_COPY.title(release.version)}
      </h2>
      {/* Text, never markup: React escapes it, and the line breaks the owner typed are kept. */}
      <p className="mt-2 break-words whitespace-pre-line text-slate-700">{release.changelog}</p>
    </section>
  );
}
