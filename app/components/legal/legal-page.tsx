import { LEGAL_COPY, type LegalDocument, type LegalSettings } from "#app/content/legal.ts";

/** A legal page (terms, privacy, the accessibility statement): its title, date and sections, as plain prose. */
export function LegalPage({
  document,
  settings,
}: {
  document: Pick<LegalDocument, "title" | "updated" | "sections">;
  settings: LegalSettings;
}) {
  const updated = new Date(document.updated).toLocaleDateString("en-US", {
    dateStyle: "long",
    timeZone: "UTC",
  });
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-extrabold tracking-tight md:text-4xl">{document.title}</h1>
      <p className="mt-2 text-sm text-slate-500">
        {LEGAL_COPY.updated}: <time dateTime={document.updated}>{updated}</time>
      </p>
      {document.sections(settings).map((section) => (
        <section key={section.title} className="mt-8">
          <h2 className="text-xl font-bold">{section.title}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
