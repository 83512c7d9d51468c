/** "Take a Look Inside": previews of eight templates, loaded lazily (components/landing/mockups.tsx). */
import { GALLERY, TemplatePreview } from "#app/components/landing/mockups.tsx";
import { LANDING } from "#app/content/landing.ts";

/** The template previews with their labels. */
export function Gallery() {
  const { gallery } = LANDING;
  return (
    <section className="render-when-visible mx-auto max-w-6xl px-4 py-16" aria-labelledby="gallery-title">
      <h2 id="gallery-title" className="text-center text-3xl font-extrabold">
        {gallery.title}
      </h2>
      <p className="mt-3 text-center text-slate-600">{gallery.intro}</p>
      <ul className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {GALLERY.map((item) => (
          <li key={item.file} className="rounded-2xl border border-slate-200 p-2">
            <TemplatePreview {...item} />
            <p className="px-1 pt-2 pb-1 text-xs font-semibold text-slate-700 sm:text-sm">{item.label}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
