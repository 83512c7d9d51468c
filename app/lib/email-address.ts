import { z } from "zod";

/** How the store keeps and looks up an address: trimmed and lower-case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The one e-mail form field (checkout, lost link): required, at most 254 characters, valid; normalised. */
export function emailField(messages: { required: string; invalid: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(254, messages.invalid)
    .pipe(z.email(messages.invalid))
    .transform(normalizeEmail);
}
