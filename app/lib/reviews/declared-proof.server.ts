/**
 * What the owner declares on Recensioni (ADR 040): figures shown instead of computed ones, each
 * with its source ("4.9/5", "500+ reviews" on Etsy; "2,000+" on Etsy), and whether the content
 * file's testimonials are real and published with permission (off until the owner says so). Kept
 * as settings rows, which record when they changed.
 */
import { z } from "zod";
import type { Db } from "#app/lib/db/database.server.ts";
import { getSetting, setSetting } from "#app/lib/settings.server.ts";

const DECLARED_KEY = "declared_proof";
const TESTIMONIALS_KEY = "content_testimonials_confirmed";

const text = z.string().trim().max(40);

/** Each figure with its source, or null when not declared. */
export const declaredProofSchema = z.object({
  reviews: z.object({ rating: text.min(1), count: text.min(1), source: text.min(1) }).nullable(),
  trustedBy: z.object({ figure: text.min(1), source: text.min(1) }).nullable(),
});
export type DeclaredProof = z.infer<typeof declaredProofSchema>;

const NONE: DeclaredProof = { reviews: null, trustedBy: null };

export async function declaredProof(db: Db): Promise<DeclaredProof> {
  const stored = await getSetting(db, DECLARED_KEY);
  if (!stored) return NONE;
  try {
    const parsed = declaredProofSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : NONE;
  } catch {
    return NONE;
  }
}

export const setDeclaredProof = (db: Db, value: DeclaredProof) =>
  setSetting(db, DECLARED_KEY, JSON.stringify(value));

export async function contentTestimonialsConfirmed(db: Db): Promise<boolean> {
  return (await getSetting(db, TESTIMONIALS_KEY)) === "yes";
}

export const setContentTestimonialsConfirmed = (db: Db, confirmed: boolean) =>
  setSetting(db, TESTIMONIALS_KEY, confirmed ? "yes" : "no");
