import { z } from "zod";
import { CHECKOUT_COPY } from "#app/content/checkout.ts";

/** The checkout form, shared by the page (before submitting) and the action (the real check). */
export const checkoutSchema = z.object({
  email: z
    .string({ error: CHECKOUT_COPY.emailRequired.message })
    .trim()
    .min(1, CHECKOUT_COPY.emailRequired.message)
    .max(254, CHECKOUT_COPY.emailInvalid.message)
    .pipe(z.email(CHECKOUT_COPY.emailInvalid.message)),
  offer: z.string().max(2048).optional().default(""),
  // A field people never see; bots fill it in.
  website: z.string().max(0).optional(),
});

export type CheckoutInput = z.infer<typeof checkoutSchema>;
