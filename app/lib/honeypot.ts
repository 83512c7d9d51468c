import { z } from "zod";

/** The name of the field people never see and bots fill in (HoneypotField renders it). */
export const HONEYPOT_FIELD = "website";

/** The honeypot in a form's schema: a form with it filled in fails to parse. */
export const honeypotField = z.string().max(0).optional();
