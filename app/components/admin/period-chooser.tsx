/**
 * The books' period chooser (Fatture, Registri): a form that gets `?periodo=`, so it works without
 * JavaScript, with the recent quarters and months grouped by year.
 */
import { periodIt } from "#app/lib/admin/format-it.ts";
import type { Period } from "#app/lib/books/period.ts";

export function PeriodChooser(props: { periods: Period[]; chosen: string; label: string; show: string }) {
  const years = [...new Set(props.periods.map((period) => period.year))];
  return (
    <form method="get" className="mt-4 flex flex-wrap items-end gap-3 text-sm">
      <div>
        <label htmlFor="periodo" className="block font-medium">
          {props.label}
        </label>
        <select
          id="periodo"
          name="periodo"
          defaultValue={props.chosen}
          className="mt-1 block rounded-md border border-slate-300 px-2 py-2"
        >
          {years.map((year) => (
            <optgroup key={year} label={String(year)}>
              {props.periods
                .filter((period) => period.year === year)
                .map((period) => (
                  <option key={period.key} value={period.key}>
                    {periodIt(period)}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="rounded-md border border-slate-300 px-3 py-2 font-medium hover:bg-slate-50"
      >
        {props.show}
      </button>
    </form>
  );
}
