/** The instructions card: what the uploaded file must be. */
import { Info } from "lucide-react";
import { ADMIN_COPY } from "#app/content/admin.ts";

export function InstructionsCard() {
  return (
    <section
      aria-labelledby="instructions-title"
      className="rounded-2xl border border-slate-200 bg-slate-50 p-6"
    >
      <h2 id="instructions-title" className="flex items-center gap-2 text-lg font-bold">
        <Info aria-hidden="true" className="size-5 text-brand-700" /> {ADMIN_COPY.instructions.title}
      </h2>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {ADMIN_COPY.instructions.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}
