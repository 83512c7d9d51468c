/**
 * `/withdraw`'s form, parsed and answered (CRD art. 11a): "review" shows the statement to confirm,
 * "confirm" records it. Every confirmed statement gets the one neutral answer, whether it matches
 * an order, repeats one, comes from a network over its limit or filled the honeypot.
 */
import { z } from "zod";
import { WITHDRAWAL_COPY as copy, WITHDRAWAL_LIMITS } from "#app/content/withdrawal.ts";
import { emailField } from "#app/lib/email-address.ts";
import { HONEYPOT_FIELD, honeypotField } from "#app/lib/honeypot.ts";
import { logger } from "#app/lib/logger.server.ts";
import { acceptWithdrawal } from "#app/lib/orders/withdrawals.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { field } from "#app/routes/http.server.ts";

const statementSchema = z.object({
  identifier: z
    .string()
    .trim()
    .min(1, copy.required.identifier)
    .max(WITHDRAWAL_LIMITS.identifier, copy.tooLong),
  name: z.string().trim().min(1, copy.required.name).max(WITHDRAWAL_LIMITS.name, copy.tooLong),
  email: emailField({ required: copy.required.email, invalid: copy.invalidEmail }),
});

export type StatementValues = { identifier: string; name: string; email: string };
export type StatementErrors = Partial<Record<keyof StatementValues, string>>;

export type WithdrawActionData =
  | { step: "form"; values: StatementValues; errors: StatementErrors }
  | { step: "review"; values: StatementValues }
  | { step: "done"; at: string };

/** The form's two steps; `form` is the posted form, `ip` the client's address. */
export async function handleWithdrawAction(
  services: Services,
  form: FormData,
  ip: string | null,
  now = new Date(),
): Promise<{ body: WithdrawActionData; status: number }> {
  const values = {
    identifier: field(form, "identifier"),
    name: field(form, "name"),
    email: field(form, "email"),
  };
  const intent = field(form, "intent");
  const parsed = statementSchema.safeParse(values);
  if (intent === "edit" || !parsed.success) {
    const errors: StatementErrors = {};
    if (intent !== "edit" && !parsed.success)
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof StatementValues;
        errors[key] ??= issue.message;
      }
    return { body: { step: "form", values, errors }, status: intent === "edit" ? 200 : 400 };
  }
  if (intent !== "confirm") return { body: { step: "review", values: parsed.data }, status: 200 };
  const done = { body: { step: "done", at: now.toISOString() } as const, status: 200 };
  if (!honeypotField.safeParse(form.get(HONEYPOT_FIELD) ?? undefined).success) {
    logger.info("withdrawal statement with the honeypot filled: answered, not recorded");
    return done;
  }
  await acceptWithdrawal(services, parsed.data, ip, now);
  return done;
}
