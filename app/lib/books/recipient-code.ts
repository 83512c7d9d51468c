/**
 * Where SDI delivers an invoice: the recipient code (codice destinatario) of an Italian business's
 * channel, or its PEC address, or neither. Rules from the FatturaPA technical specifications
 * (Specifiche tecniche FatturaPA, field 1.1.4; ADR 043): 7 characters for private recipients (FPR12),
 * `0000000` when the invoice goes to a PEC or to a consumer, `XXXXXXX` for a foreign recipient.
 */
import { emailField } from "#app/lib/email-address.ts";
import { type Checked, compact } from "./italian-tax-ids.ts";

/** The code for an Italian recipient known by PEC or by nothing (a consumer, who finds it in their cassetto fiscale). */
export const NO_CODE = "0000000";
/** The code for a recipient outside Italy. */
export const FOREIGN_CODE = "XXXXXXX";

const PEC_INVALID = "This PEC address does not look like an e-mail address.";
const pecField = emailField({ required: PEC_INVALID, invalid: PEC_INVALID });

/** How SDI reaches the buyer, as the invoice's header carries it. */
export interface Delivery {
  codiceDestinatario: string;
  /** Only with `0000000`. */
  pec?: string;
}

/**
 * An Italian business's recipient code or PEC (either may be empty, not both: a business without
 * either still gets its invoice in its cassetto fiscale, so both empty means `0000000`).
 */
export function checkDelivery(input: {
  code: string;
  pec: string;
}): { ok: true; value: Delivery } | { ok: false; error: string } {
  const code = compact(input.code);
  let pec = "";
  if (input.pec.trim() !== "") {
    const parsed = pecField.safeParse(input.pec);
    if (!parsed.success) return { ok: false, error: PEC_INVALID };
    pec = parsed.data;
  }
  if (code === "" || code === NO_CODE)
    return { ok: true, value: pec ? { codiceDestinatario: NO_CODE, pec } : { codiceDestinatario: NO_CODE } };
  const checked = checkRecipientCode(code);
  if (!checked.ok) return checked;
  if (pec !== "")
    return {
      ok: false,
      error: "Give either the recipient code or the PEC address, not both: SDI delivers to one.",
    };
  return { ok: true, value: { codiceDestinatario: checked.value } };
}

/** A business's 7-character recipient code (letters and digits), spaces and lower case forgiven. */
export function checkRecipientCode(input: string): Checked {
  const code = compact(input);
  if (code === FOREIGN_CODE)
    return { ok: false, error: "XXXXXXX is the code for buyers outside Italy; it is set for you." };
  if (code.length === 6)
    return {
      ok: false,
      error:
        "A 6-character code is for the public administration; businesses have a 7-character recipient code.",
    };
  if (!/^[A-Z0-9]{7}$/.test(code))
    return {
      ok: false,
      error: "The recipient code (codice destinatario) has 7 letters and digits, for example M5UXCR1.",
    };
  return { ok: true, value: code };
}
