/**
 * An admin table that stays whole on a phone: under 640 px its head is only read out, each row is
 * a card of two columns and each cell carries its column's name above its value, so no column sits
 * off screen and every action in a row is reachable at 390 px.
 */
import type { ReactNode } from "react";

export const STACKED = {
  table: "w-full text-left text-sm max-sm:block",
  head: "bg-slate-50 text-slate-600 max-sm:sr-only",
  body: "max-sm:block",
  row: "border-t border-slate-100 align-top first:border-t-0 max-sm:grid max-sm:grid-cols-2 max-sm:py-2",
  cell: "px-3 py-2",
} as const;

/** A cell with its column's name shown above the value on a phone (the head says it on a desktop). */
export function StackedCell(props: { label: string; className?: string; children: ReactNode }) {
  return (
    <td className={`${STACKED.cell} max-sm:block max-sm:py-1 ${props.className ?? ""}`}>
      <span aria-hidden="true" className="block text-xs text-slate-500 sm:hidden">
        {props.label}
      </span>
      {props.children}
    </td>
  );
}
