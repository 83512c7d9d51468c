import { z } from "zod";

/** How the store keeps and looks up an address: trimmed and lower-case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** RFC 5321 §4.5.3.1.1: a mailbox's local part (before the last "@") is at most 64 octets. */
const MAX_LOCAL_PART = 64;

/** Whether the address's local part fits (the checkout page checks it before it posts, without zod). */
export function localPartFits(email: string): boolean {
  const at = email.lastIndexOf("@");
  return new TextEncoder().encode(at < 0 ? email : email.slice(0, at)).length <= MAX_LOCAL_PART;
}

/**
 * The one e-mail form field (checkout, lost link): required, at most 254 characters, a local part
 * of at most 64 (mail servers refuse longer ones, so such an order could never be delivered),
 * valid; normalised. The checkout page runs the same check before it posts.
 */
export function emailField(messages: { required: string; invalid: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(254, messages.invalid)
    .pipe(z.email(messages.invalid).refine(localPartFits, messages.invalid))
    .transform(normalizeEmail);
}
