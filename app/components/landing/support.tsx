/** "Questions?": the last section, a mailto link to the support address. */
import { Mail } from "lucide-react";
import { LANDING } from "#app/content/landing.ts";

/** The support section; `email` is SUPPORT_EMAIL as configured when the page is rendered. */
export function Support({ email }: { email: string }) {
  const { support } = LANDING;
  return (
    <section
      className="render-when-visible border-t border-slate-200 py-12 text-center"
      aria-labelledby="support-title"
    >
      <h2 id="support-title" className="text-2xl font-bold">
        {support.title}
      </h2>
      <p className="mt-2 text-slate-600">{support.text}</p>
      <a
        href={`mailto:${email}`}
        className="mt-4 inline-block font-semibold break-words text-brand-700 underline"
      >
        {/* Inline, so the icon stays beside the text when a long address wraps. */}
        <Mail aria-hidden="true" className="mr-2 inline size-5 align-text-bottom" />
        {support.link}: {email}
      </a>
    </section>
  );
}
