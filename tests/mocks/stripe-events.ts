/**
 * Stripe objects and events as the pinned SDK types them (API version 2026-10-28.endive): full
 * Charge, Refund, Dispute and Checkout Session objects (the types make every field present), event
 * envelopes, and the signature Stripe puts on a delivery. The fake Stripe (stripe.ts) builds its
 * objects and events with these; tests send them to the webhook route.
 */
import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import type { FakeSession } from "./stripe.ts";

export const API_VERSION = "2026-10-28.endive";

export const stripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

/** A card charge for a payment intent, paid in full, nothing refunded or disputed yet. */
export function chargeObject(payment: {
  paymentIntentId: string;
  amount: number;
  currency: string;
  email: string | null;
  metadata: Record<string, string>;
}): Stripe.Charge {
  return {
    id: stripeId("ch"),
    object: "charge",
    amount: payment.amount,
    amount_captured: payment.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: stripeId("txn"),
    billing_details: {
      address: null,
      email: payment.email,
      name: null,
      phone: null,
      tax_id: null,
    },
    calculated_statement_descriptor: "LIFE COACHING TOOLKIT",
    captured: true,
    created: now(),
    currency: payment.currency,
    customer: null,
    description: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: payment.metadata,
    on_behalf_of: null,
    outcome: null,
    paid: true,
    payment_intent: payment.paymentIntentId,
    payment_method: stripeId("pm"),
    payment_method_details: null,
    receipt_email: payment.email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: "succeeded",
    transfer_data: null,
    transfer_group: null,
  };
}

/** A refund of `amount` on a charge, succeeded (card refunds succeed at once; they can fail later). */
export function refundObject(charge: Stripe.Charge, amount: number): Stripe.Refund {
  return {
    id: stripeId("re"),
    object: "refund",
    amount,
    balance_transaction: stripeId("txn"),
    charge: charge.id,
    created: now(),
    currency: charge.currency,
    customer: null,
    customer_account: null,
    metadata: {},
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason: null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  };
}

const noEvidence: Stripe.Dispute.Evidence = {
  access_activity_log: null,
  billing_address: null,
  cancellation_policy: null,
  cancellation_policy_disclosure: null,
  cancellation_rebuttal: null,
  customer_communication: null,
  customer_email_address: null,
  customer_name: null,
  customer_purchase_ip: null,
  customer_signature: null,
  duplicate_charge_documentation: null,
  duplicate_charge_explanation: null,
  duplicate_charge_id: null,
  enhanced_evidence: {},
  product_description: null,
  receipt: null,
  refund_policy: null,
  refund_policy_disclosure: null,
  refund_refusal_explanation: null,
  service_date: null,
  service_documentation: null,
  shipping_address: null,
  shipping_carrier: null,
  shipping_date: null,
  shipping_documentation: null,
  shipping_tracking_number: null,
  uncategorized_file: null,
  uncategorized_text: null,
};

/** A dispute the buyer's bank opened on the whole charge (a chargeback, or an inquiry: warning_*), waiting for the seller's answer. */
export function disputeObject(
  charge: Stripe.Charge,
  reason = "fraudulent",
  status: Stripe.Dispute.Status = "needs_response",
): Stripe.Dispute {
  return {
    id: stripeId("du"),
    object: "dispute",
    amount: charge.amount,
    balance_transactions: [],
    charge: charge.id,
    created: now(),
    currency: charge.currency,
    enhanced_eligibility_types: [],
    evidence: noEvidence,
    evidence_details: {
      due_by: now() + 7 * 86_400,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: "not_submitted",
    },
    intended_submission_method: null,
    is_charge_refundable: status.startsWith("warning_"),
    livemode: false,
    metadata: {},
    payment_intent: charge.payment_intent,
    reason,
    status,
  };
}

/** The fake's session as the full Checkout Session object an event carries. */
export function checkoutSessionObject(session: FakeSession): Stripe.Checkout.Session {
  return {
    id: session.id,
    object: "checkout.session",
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: session.amount_total,
    amount_total: session.amount_total,
    automatic_tax: session.automatic_tax as Stripe.Checkout.Session.AutomaticTax,
    billing_address_collection: null,
    cancel_url: session.cancel_url,
    client_reference_id: session.client_reference_id,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: session.created,
    currency: session.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: session.customer,
    customer_account: null,
    customer_creation: "if_required",
    // Stripe fills the buyer's details in once Checkout is complete.
    customer_details: session.customer_details
      ? {
          address: session.customer_details.address,
          business_name: session.customer_details.business_name,
          email: session.customer_details.email,
          individual_name: null,
          name: session.customer_details.name,
          phone: null,
          tax_exempt: "none",
          tax_ids: session.customer_details.tax_ids,
        }
      : null,
    customer_email: session.customer_email,
    discounts: [],
    expires_at: session.expires_at,
    integration_identifier: null,
    invoice: session.invoice,
    invoice_creation: null,
    livemode: session.livemode,
    locale: null,
    managed_payments: null,
    metadata: session.metadata,
    mode: session.mode as Stripe.Checkout.Session.Mode,
    origin_context: null,
    payment_intent: session.payment_intent,
    payment_link: null,
    payment_method_collection: "if_required",
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ["card"],
    payment_status: session.payment_status,
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: session.setup_intent,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: session.status,
    submit_type: null,
    subscription: null,
    success_url: session.success_url,
    total_details: session.total_details,
    ui_mode: "hosted_page",
    url: session.status === "open" ? session.url : null,
    wallet_options: null,
  };
}

/**
 * An event as Stripe delivers it: the object as it was at that moment (a copy), the API version,
 * and the API request that caused it (null for the Dashboard and for Stripe's own doings).
 */
export function stripeEvent(
  type: Stripe.Event.Type,
  object: object,
  request: Stripe.Event.Request | null = null,
): Stripe.Event {
  return {
    id: stripeId("evt"),
    object: "event",
    api_version: API_VERSION,
    created: now(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request,
    type,
  } as Stripe.Event;
}

const signer = new Stripe("sk_test_event_signer");

/** The body and `Stripe-Signature` header of a delivery, signed as Stripe signs (HMAC-SHA256 of `t.body`). */
export function signDelivery(payload: unknown, secret: string, timestamp?: number) {
  const body = JSON.stringify(payload);
  return { body, signature: signer.webhooks.generateTestHeaderString({ payload: body, secret, timestamp }) };
}
