/**
 * The admin's refund-request actions (ADR 021): approve (refund now) or decline a buyer's request,
 * and choose whether requests are refunded at once. Called by admin.server.ts once the session,
 * the origin and the order id are checked.
 */
import { data } from "react-router";
import { ADMIN_COPY, ADMIN_REFUND_REQUESTS_COPY as copy } from "#app/content/admin.ts";
import {
  approveRefundRequest,
  declineRefundRequest,
  setRefundMode,
  setRefundRevokesPercent,
} from "#app/lib/orders/refund-requests.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { field } from "#app/routes/http.server.ts";

const fail = (intent: string, message: string, status: number) =>
  data({ intent, ok: false, message }, { status });

export async function handleRefundRequestAction(
  services: Services,
  intent: "refund-approve" | "refund-decline" | "refund-mode",
  form: FormData,
) {
  const db = services.database.db;
  const orderId = field(form, "orderId");
  switch (intent) {
    case "refund-mode": {
      const mode = field(form, "mode");
      if (mode !== "approve" && mode !== "immediate") return fail(intent, ADMIN_COPY.orders.actionError, 400);
      const share = field(form, "share");
      if (!/^\d{1,3}$/.test(share) || Number(share) < 1 || Number(share) > 100)
        return fail(intent, copy.badShare, 400);
      await setRefundMode(db, mode);
      await setRefundRevokesPercent(db, Number(share));
      return { intent, ok: true, message: copy.saved };
    }
    case "refund-decline":
      return (await declineRefundRequest(db, orderId))
        ? { intent, ok: true, message: copy.declined }
        : fail(intent, copy.notWaiting, 409);
    case "refund-approve":
      switch (await approveRefundRequest(services, orderId)) {
        case "refunded":
          return { intent, ok: true, message: copy.approved };
        case "failed":
          return fail(intent, copy.approveFailed, 502);
        case "not-waiting":
          return fail(intent, copy.notWaiting, 409);
      }
  }
}
