/** The landing page's FAQ: an exclusive `<details name="faq">` group that works without JavaScript. */
import { LANDING } from "#app/content/landing.ts";
import { FAQ } from "#app/content/site.ts";

/** The questions and answers (also emitted as FAQPage JSON-LD, structured-data.ts). */
export function Faq() {
  return (
    <section className="render-when-visible bg-slate-50 py-16" aria-labelledby="faq-title">
      <div className="mx-auto max-w-3xl px-4">
        <h2 id="faq-title" className="text-center text-3xl font-extrabold">
          {LANDING.faq.title}
        </h2>
        <div className="mt-8 space-y-3">
          {FAQ.map((item) => (
            // One open at a time, collapsible, without JavaScript: the shared name makes the group exclusive.
            <details
              key={item.question}
              name="faq"
              className="group rounded-xl border border-slate-200 bg-white p-4 open:shadow-sm"
            >
              <summary className="cursor-pointer list-none font-semibold marker:hidden">
                <span className="flex items-center justify-between gap-4">
                  {item.question}
                  <span
                    aria-hidden="true"
                    className="text-xl text-brand-700 transition-transform group-open:rotate-45"
                  >
                    +
                  </span>
                </span>
              </summary>
              <p className="mt-3 text-slate-700">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
