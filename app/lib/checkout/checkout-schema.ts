import { z } from "zod";
import { CHECKOUT_COPY } from "#app/content/checkout.ts";
import { emailField } from "#app/lib/email-address.ts";
import { HONEYPOT_FIELD, honeypotField } from "#app/lib/honeypot.ts";

const email = emailField({
  required: CHECKOUT_COPY.emailRequired.message,
  invalid: CHECKOUT_COPY.emailInvalid.message,
});

/** The checkout form, shared by the page (before submitting) and the action (the real check). */
export const checkoutSchema = z.object({
  email,
  offer: z.string().max(2048).optional().default(""),
  /** A discount code as typed; its shape and whether it runs are checked when the price is decided. */
  code: z.string().max(64, CHECKOUT_COPY.codeInvalid.message).optional().default(""),
  /** The ticked "immediate access, no withdrawal" box (a checkbox posts "on"); required (ADR 016). */
  consent: z.literal("on", { message: CHECKOUT_COPY.consentRequired.message }),
  /** The optional, unticked-by-default "show my first name and city as a recent purchase" box (ADR 040): ticked only as "on". */
  showPurchase: z
    .string()
    .optional()
    .transform((value) => value === "on"),
  [HONEYPOT_FIELD]: honeypotField,
});

/** The success page's "lost your link?" form. */
export const lostLinkSchema = z.object({ email, [HONEYPOT_FIELD]: honeypotField });
