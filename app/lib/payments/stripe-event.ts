/**
 * The Stripe events the store acts on, as narrow zod schemas of the fields it reads (names and
 * types from the pinned SDK's .d.ts: Events, Checkout/Sessions, Charges, Refunds, Disputes). A
 * signed body is genuine but still unchecked JSON: an event is parsed here before it is used, so a
 * malformed one is refused with a reason instead of failing somewhere inside a transaction.
 */
import { z } from "zod";

/** A field that is an id, or the object itself when the request expanded it. */
const expandable = z
  .union([z.string(), z.object({ id: z.string() })])
  .nullable()
  .optional()
  .transform((value) => (typeof value === "string" ? value : (value?.id ?? null)));

const metadata = z
  .record(z.string(), z.string())
  .nullable()
  .optional()
  .transform((value) => value ?? null);

const cents = z.number().int().nonnegative();

/** Every event: its id (the dedupe key), its type and an object under `data`. */
export const stripeEventEnvelope = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  livemode: z.boolean(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const checkoutSession = z.object({
  object: z.literal("checkout.session"),
  id: z.string().min(1),
  // Always sent by Stripe; a session without it is taken as a test one, never as live.
  livemode: z.boolean().optional(),
  status: z.string().nullable(),
  payment_status: z.string(),
  client_reference_id: z.string().nullable().optional().default(null),
  metadata,
  payment_intent: expandable,
  amount_total: z.number().int().nullable(),
  currency: z.string().nullable(),
  currency_conversion: z
    .object({ amount_total: z.number().int(), source_currency: z.string() })
    .nullable()
    .optional(),
  // With STRIPE_TAX=on and invoices: the tax inside the amount, the buyer's country, the receipt.
  automatic_tax: z.object({ enabled: z.boolean() }).nullable().optional(),
  total_details: z.object({ amount_tax: z.number().int().nullable().optional() }).nullable().optional(),
  // The payer as Checkout collected them: a business's name, billing address and tax IDs make its invoice.
  customer_details: z
    .object({
      name: z.string().nullable().optional(),
      business_name: z.string().nullable().optional(),
      address: z
        .object({
          country: z.string().nullable().optional(),
          city: z.string().nullable().optional(),
          line1: z.string().nullable().optional(),
          line2: z.string().nullable().optional(),
          postal_code: z.string().nullable().optional(),
          state: z.string().nullable().optional(),
        })
        .nullable()
        .optional(),
      tax_ids: z
        .array(z.object({ type: z.string(), value: z.string().nullable() }))
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
  invoice: z
    .union([
      z.string(),
      z.object({
        id: z.string(),
        hosted_invoice_url: z.string().nullable().optional(),
        invoice_pdf: z.string().nullable().optional(),
      }),
    ])
    .nullable()
    .optional(),
});

const charge = z.object({
  object: z.literal("charge"),
  id: z.string().min(1),
  amount: z.number().int().positive(),
  amount_refunded: cents,
  currency: z.string(),
  refunded: z.boolean(),
  payment_intent: expandable,
  metadata,
});

const refund = z.object({
  object: z.literal("refund"),
  id: z.string().min(1),
  amount: cents,
  currency: z.string(),
  status: z.string().nullable(),
  payment_intent: expandable,
  charge: expandable,
  metadata,
});

const dispute = z.object({
  object: z.literal("dispute"),
  id: z.string().min(1),
  amount: cents,
  currency: z.string(),
  status: z.string().min(1),
  reason: z.string(),
  livemode: z.boolean(),
  payment_intent: expandable,
  charge: expandable,
});

/** The object schema of each event type the store handles; every other type is acknowledged and ignored. */
export const HANDLED_EVENTS = {
  "checkout.session.completed": checkoutSession,
  "checkout.session.async_payment_succeeded": checkoutSession,
  "checkout.session.async_payment_failed": checkoutSession,
  "checkout.session.expired": checkoutSession,
  "charge.refunded": charge,
  "charge.refund.updated": refund,
  "refund.created": refund,
  "refund.updated": refund,
  "refund.failed": refund,
  "charge.dispute.created": dispute,
  "charge.dispute.updated": dispute,
  "charge.dispute.closed": dispute,
  "charge.dispute.funds_withdrawn": dispute,
  "charge.dispute.funds_reinstated": dispute,
} as const;

/** Events that say a payment's refunds or disputes changed: the store then asks for them all. */
export type PaymentChangeEvent = Extract<HandledEvent, { type: `charge.${string}` | `refund.${string}` }>;
export const isPaymentChange = (event: HandledEvent): event is PaymentChangeEvent =>
  event.type.startsWith("charge.") || event.type.startsWith("refund.");

export type HandledEventType = keyof typeof HANDLED_EVENTS;
export type CheckoutSessionObject = z.infer<typeof checkoutSession>;
export type ChargeObject = z.infer<typeof charge>;
export type RefundObject = z.infer<typeof refund>;
export type DisputeObject = z.infer<typeof dispute>;

/** A parsed event the store handles, its object typed by its type. */
export type HandledEvent = {
  [T in HandledEventType]: { id: string; type: T; object: z.infer<(typeof HANDLED_EVENTS)[T]> };
}[HandledEventType];

export type ParsedEvent =
  | { kind: "handled"; event: HandledEvent }
  | { kind: "ignored"; id: string; type: string }
  | {
      kind: "malformed";
      id: string | null;
      type: string | null;
      /** mode: an event of the other mode than the store's key; shape: not as the schemas expect. */
      problem: "mode" | "shape";
      /** The event's own livemode, when it has one. */
      livemode: boolean | null;
      reason: string;
      /** The object of an event of the store's mode whose object failed its schema, to find its order by. */
      object?: Record<string, unknown>;
    };

const isHandled = (type: string): type is HandledEventType => Object.hasOwn(HANDLED_EVENTS, type);

/** One line naming what was wrong (the first issue's path and message), never the body itself. */
const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0];
  return issue ? `${issue.path.join(".") || "(body)"}: ${issue.message}` : "invalid";
};

const mode = (live: boolean) => (live ? "live" : "test");

/**
 * Classifies a verified body: a handled event with its checked object, an ignored type, or
 * malformed (an event of the other mode than the store's key, `livemode`, counts as malformed).
 */
export function parseStripeEvent(body: unknown, livemode: boolean): ParsedEvent {
  const envelope = stripeEventEnvelope.safeParse(body);
  if (!envelope.success) {
    const loose =
      body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const text = (value: unknown) => (typeof value === "string" ? value.slice(0, 255) : null);
    return {
      kind: "malformed",
      id: text(loose.id),
      type: text(loose.type),
      problem: "shape",
      livemode: typeof loose.livemode === "boolean" ? loose.livemode : null,
      reason: firstIssue(envelope.error),
    };
  }
  const { id, type, data } = envelope.data;
  if (envelope.data.livemode !== livemode)
    return {
      kind: "malformed",
      id,
      type,
      problem: "mode",
      livemode: envelope.data.livemode,
      reason: `livemode: a ${mode(envelope.data.livemode)}-mode event for the store's ${mode(livemode)}-mode key`,
    };
  if (!isHandled(type)) return { kind: "ignored", id, type };
  const object = HANDLED_EVENTS[type].safeParse(data.object);
  if (!object.success)
    return {
      kind: "malformed",
      id,
      type,
      problem: "shape",
      livemode,
      reason: firstIssue(object.error),
      object: data.object,
    };
  return { kind: "handled", event: { id, type, object: object.data } as HandledEvent };
}
