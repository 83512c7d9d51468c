/**
 * The European Commission's VIES, asked whether a buyer's EU VAT number is registered before its sale
 * is invoiced without VAT (ADR 043): the supplier may regard the customer as a taxable person once it
 * has the number and has confirmed its validity through VIES (Reg. 282/2011 art. 18(1)(a)). The
 * seller's own partita IVA goes with the question, so VIES answers with a consultation number, the
 * evidence kept with the invoice. The REST contract is the Commission's published one (Vies
 * on-the-Web, swagger_publicVAT.yaml): `POST {VIES_URL}/check-vat-number`.
 */
import { z } from "zod";
import { boundedText } from "#app/lib/bounded-text.server.ts";
import type { ViesConsultation } from "#db/schema.ts";

/** An answer is a few hundred bytes; anything much larger is not VIES's. */
const MAX_ANSWER_BYTES = 64_000;
const TIMEOUT_MS = 15_000;

export type ViesAnswer =
  | { answered: true; consultation: ViesConsultation }
  /**
   * VIES could not say: unreachable, too slow, an HTTP error, or one of its errors (MS_UNAVAILABLE,
   * TIMEOUT…). The reason is that code, shown to the owner inside an Italian sentence.
   */
  | { answered: false; reason: string };

/** CheckVatResponse, the fields kept; `valid` is what makes it an answer. */
const checkVatResponse = z.object({
  countryCode: z.string().optional(),
  vatNumber: z.string().optional(),
  requestDate: z.string().optional(),
  valid: z.boolean(),
  requestIdentifier: z.string().optional(),
  name: z.string().optional(),
});

/** CommonResponse: what VIES answers instead when it cannot check (with HTTP 200, 4xx or 5xx). */
const commonResponse = z.object({
  actionSucceed: z.literal(false),
  errorWrappers: z.array(z.object({ error: z.string() })).min(1),
});

const compact = (text: string) => text.replace(/\s+/g, "").toUpperCase();

/** A member state that discloses no name answers "---". */
const disclosed = (text: string | undefined) =>
  text === undefined || /^[-\s]*$/.test(text) ? null : text.trim();

/**
 * Asks VIES about `vatNumber` (with its VIES prefix: "DE136695976") for the seller whose partita IVA
 * is `requester` (its 11 digits). Never throws: what is not an answer about a number is a reason.
 */
export async function askVies(
  url: string,
  vatNumber: string,
  requester: string,
  options: { timeoutMs?: number } = {},
): Promise<ViesAnswer> {
  let status: number;
  let text: string;
  try {
    const response = await fetch(`${url}/check-vat-number`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        countryCode: vatNumber.slice(0, 2),
        vatNumber: vatNumber.slice(2),
        requesterMemberStateCode: "IT",
        requesterNumber: requester,
      }),
      signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
    });
    status = response.status;
    text = await boundedText(response, MAX_ANSWER_BYTES, "VIES's answer");
  } catch (error) {
    const failure = error as Error & { cause?: { code?: string; message?: string } };
    if (failure.name === "TimeoutError") return { answered: false, reason: "timeout" };
    return { answered: false, reason: failure.cause?.code ?? failure.cause?.message ?? failure.message };
  }
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {}
  const failed = commonResponse.safeParse(body);
  if (failed.success)
    return { answered: false, reason: failed.data.errorWrappers.map((wrapper) => wrapper.error).join(", ") };
  const answer = checkVatResponse.safeParse(body);
  if (status !== 200 || !answer.success)
    return { answered: false, reason: status === 200 ? "risposta illeggibile" : `HTTP ${status}` };
  const { countryCode = "", requestDate, valid, requestIdentifier, name } = answer.data;
  return {
    answered: true,
    consultation: {
      vatNumber: compact(countryCode + (answer.data.vatNumber ?? "")),
      requestDate:
        requestDate && !Number.isNaN(Date.parse(requestDate))
          ? new Date(requestDate).toISOString()
          : new Date().toISOString(),
      valid,
      requestIdentifier: requestIdentifier?.trim() || null,
      name: disclosed(name),
    },
  };
}
