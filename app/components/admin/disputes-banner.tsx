/** The banner above the panel while a buyer's bank disputes a payment: which orders, and what to do. */
import { ShieldAlert } from "lucide-react";
import type { SignedIn } from "#app/components/admin/admin-types.ts";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { formatCents } from "#app/lib/money.ts";

export function DisputesBanner({ disputes }: { disputes: SignedIn["openDisputes"] }) {
  const copy = ADMIN_COPY.disputes;
  if (disputes.length === 0) return null;
  return (
    <section
      aria-labelledby="disputes-title"
      className="mt-8 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900"
    >
      <h2 id="disputes-title" className="flex items-center gap-2 text-lg font-bold">
        <ShieldAlert aria-hidden="true" className="size-5" /> {copy.title}
      </h2>
      <p className="mt-1 text-sm">{copy.text}</p>
      <ul className="mt-2 list-disc pl-6 text-sm">
        {disputes.map((dispute) => (
          <li key={dispute.id}>
            {copy.item(dispute.number, formatCents(dispute.amountCents), dispute.disputeStatus ?? "")} ·{" "}
            <span className="break-all">{dispute.email}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
