/**
 * The success page's guarantee form (ADR 021): "refund-review" answers with the confirmation step
 * (a second form, so it works without JavaScript), "refund" makes the request. Any link that does
 * not open an order, forged or not, gets the one invalid-link answer.
 */
import { z } from "zod";
import { GUARANTEE_COPY } from "#app/content/guarantee.ts";
import { orderForAccess, type RefundOutcome, requestRefund } from "#app/lib/orders/refund-requests.server.ts";
import { hit, networkLimitKey } from "#app/lib/rate-limit.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { field } from "#app/routes/http.server.ts";

/** Confirmed requests one network may make (each may call the payment provider). */
const REFUND_REQUESTS_PER_NETWORK = { limit: 5, windowMs: 15 * 60_000 };

const reasonSchema = z.string().trim().max(GUARANTEE_COPY.reasonMax);

type Answer = RefundOutcome | "invalid-link" | "rate-limited" | "reason-too-long";

export type RefundActionData =
  | { intent: "refund-review"; reason: string }
  | { intent: "refund"; outcome: Answer; ok: boolean; title: string; message: string };

const STATUS: Record<Answer, number> = {
  refunded: 200,
  requested: 200,
  "already-requested": 200,
  "already-refunded": 409,
  declined: 409,
  disputed: 409,
  expired: 403,
  "invalid-link": 403,
  "rate-limited": 429,
  "reason-too-long": 400,
};

function answer(outcome: Answer, supportEmail: string) {
  const copy = GUARANTEE_COPY.answers[outcome];
  const ok = STATUS[outcome] === 200;
  const body: RefundActionData = {
    intent: "refund",
    outcome,
    ok,
    title: copy.title,
    message: copy.message.replace("{support}", supportEmail),
  };
  return { body, status: STATUS[outcome] };
}

/** The guarantee form's two steps; `form` is the success page's posted form. */
export async function handleRefundAction(
  services: Services,
  form: FormData,
  access: { sessionId: string | null; token: string | null },
  clientIp: string | null,
): Promise<{ body: RefundActionData; status: number }> {
  const support = services.env.SUPPORT_EMAIL;
  const reason = reasonSchema.safeParse(field(form, "reason"));
  if (!reason.success) return answer("reason-too-long", support);
  if (field(form, "intent") === "refund-review") {
    return { body: { intent: "refund-review", reason: reason.data }, status: 200 };
  }
  const db = services.database.db;
  if (!(await hit(db, networkLimitKey("refund", clientIp), REFUND_REQUESTS_PER_NETWORK)).allowed)
    return answer("rate-limited", support);
  const order = await orderForAccess(db, access);
  if (!order) return answer("invalid-link", support);
  return answer(await requestRefund(services, order, reason.data), support);
}
