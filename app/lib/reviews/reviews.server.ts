/**
 * Verified reviews (ADR 040): the per-order review link, who may review, the one review per order,
 * and the owner's moderation. A review is published at once with the buyer's consent; the owner
 * may hide it only for one of HIDE_REASONS, and each hide and show is recorded.
 */
import { and, desc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import {
  HIDDEN_REASONS,
  HIDE_REASONS,
  type HiddenReason,
  type HideReason,
  REFUNDED_REASON,
  REVIEW_COPY,
  REVIEW_LIMITS,
} from "#app/content/reviews.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import { checkPublicText, normalisePublicText } from "#app/lib/reviews/public-text.ts";
import { signToken, verifyToken } from "#app/lib/signed-token.server.ts";
import { orders, reviewModerations, reviews } from "#db/schema.ts";

/** Review links in e-mails keep working this long (a token must expire; this one outlives the e-mail). */
const LINK_LIFETIME_MS = 20 * 365 * 24 * 3600_000;

/** An order `o` that may be reviewed: paid (not refunded, disputed or unpaid) and not erased. */
const reviewableOrder = sql`o.status = 'paid' and o.erased_at is null and o.paid_at is not null`;

/** `/review/{token}` for the order, absolute. */
export function reviewUrl(
  links: { publicUrl: string },
  secrets: string[],
  orderId: string,
  now = Date.now(),
) {
  return `${links.publicUrl}/review/${signToken(secrets, "review", { o: orderId }, now + LINK_LIFETIME_MS)}`;
}

/** The order a genuine review token names, or null (forged, altered, made for another use). */
export function reviewTokenOrder(secrets: string[], token: string | undefined): string | null {
  const verified = verifyToken<{ o?: unknown }>(secrets, "review", token ?? "");
  const id = verified?.data.o;
  return typeof id === "string" && /^[0-9a-f-]{36}$/.test(id) ? id : null;
}

/** What the review link leads to: the form (with the month of purchase), or why not. */
export type ReviewState =
  | { kind: "open"; purchasedAt: Date }
  | { kind: "reviewed" }
  | { kind: "not-eligible" }
  | { kind: "invalid" };

export async function reviewState(db: Db, orderId: string | null): Promise<ReviewState> {
  if (!orderId) return { kind: "invalid" };
  const result = await db.execute<{
    paid_at: Date | string | null;
    eligible: boolean;
    reviewed: boolean;
  }>(sql`
    select o.paid_at, ${reviewableOrder} as eligible,
      exists (select 1 from reviews r where r.order_id = o.id) as reviewed
    from orders o where o.id = ${orderId}`);
  const row = result.rows[0];
  if (!row) return { kind: "invalid" };
  if (row.reviewed) return { kind: "reviewed" };
  if (!row.eligible || !row.paid_at) return { kind: "not-eligible" };
  return { kind: "open", purchasedAt: new Date(row.paid_at) };
}

export interface ReviewInput {
  rating: number;
  comment: string;
  name: string;
}

export type ReviewField = "rating" | "comment" | "name" | "consent";

/** Checks the posted form; the first problem of each field, in the buyer's words. */
export function parseReview(form: {
  rating: string;
  comment: string;
  name: string;
  consent: string;
}): { ok: true; review: ReviewInput } | { ok: false; errors: Partial<Record<ReviewField, string>> } {
  const errors: Partial<Record<ReviewField, string>> = {};
  const e = REVIEW_COPY.errors;
  if (!/^[1-5]$/.test(form.rating)) errors.rating = e.rating;
  const comment = checkPublicText(form.comment.replace(/\r\n?/g, "\n"));
  const name = checkPublicText(form.name.replace(/\s+/g, " "));
  if (!comment.ok) errors.comment = comment.problem === "address" ? e.links : e.commentEmpty;
  else if ([...comment.text].length > REVIEW_LIMITS.comment) errors.comment = e.commentLong;
  if (!name.ok) errors.name = name.problem === "address" ? e.links : e.nameEmpty;
  else if ([...name.text].length > REVIEW_LIMITS.name) errors.name = e.nameLong;
  if (form.consent !== "on") errors.consent = e.consent;
  if (!comment.ok || !name.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, review: { rating: Number(form.rating), comment: comment.text, name: name.text } };
}

/**
 * Publishes the order's one review: one INSERT that takes the order's payment date and only a
 * reviewable order, and does nothing when the order has a review (two posts at once make one).
 */
export async function submitReview(
  db: Db,
  orderId: string,
  review: ReviewInput,
): Promise<"published" | "reviewed" | "not-eligible" | "invalid"> {
  const inserted = await db.execute<{ id: number }>(sql`
    insert into reviews (order_id, rating, comment, display_name, purchased_at)
    select o.id, ${review.rating}, ${review.comment}, ${review.name}, o.paid_at
    from orders o where o.id = ${orderId} and ${reviewableOrder}
    on conflict (order_id) do nothing
    returning id`);
  if (inserted.rows.length > 0) return "published";
  const state = await reviewState(db, orderId);
  return state.kind === "open" ? "reviewed" : state.kind;
}

export const isHideReason = (value: string): value is HideReason =>
  (HIDE_REASONS as readonly string[]).includes(value);

/** Hides a shown review for `reason`, recording who and when; "not-found" when there is no such review, "unchanged" when it was hidden already. */
export async function hideReview(
  db: Db,
  input: { reviewId: number; reason: HideReason; by: string | null; now?: Date },
): Promise<"hidden" | "unchanged" | "not-found"> {
  const at = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [hidden] = await tx
      .update(reviews)
      .set({ hiddenAt: at, hiddenReason: input.reason })
      .where(and(eq(reviews.id, input.reviewId), isNull(reviews.hiddenAt)))
      .returning({ id: reviews.id });
    if (!hidden) {
      const [exists] = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(eq(reviews.id, input.reviewId));
      return exists ? "unchanged" : "not-found";
    }
    await tx
      .insert(reviewModerations)
      .values({ reviewId: hidden.id, action: "hide", reason: input.reason, by: input.by, at });
    return "hidden";
  });
}

/**
 * Shows a hidden review again, recording who and when; not one the store hid because its order was
 * refunded ("unchanged"): that one comes back only if the refund fails.
 */
export async function showReview(
  db: Db,
  input: { reviewId: number; by: string | null; now?: Date },
): Promise<"shown" | "unchanged" | "not-found"> {
  const at = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [shown] = await tx
      .update(reviews)
      .set({ hiddenAt: null, hiddenReason: null })
      .where(
        and(
          eq(reviews.id, input.reviewId),
          isNotNull(reviews.hiddenAt),
          ne(reviews.hiddenReason, REFUNDED_REASON),
        ),
      )
      .returning({ id: reviews.id });
    if (!shown) {
      const [exists] = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(eq(reviews.id, input.reviewId));
      return exists ? "unchanged" : "not-found";
    }
    await tx.insert(reviewModerations).values({ reviewId: shown.id, action: "show", by: input.by, at });
    return "shown";
  });
}

/** The admin's list: every review, newest first, with its order and its moderation history. */
export async function reviewsForAdmin(db: Db, limit = 200) {
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      comment: reviews.comment,
      name: reviews.displayName,
      purchasedAt: reviews.purchasedAt,
      createdAt: reviews.createdAt,
      hiddenAt: reviews.hiddenAt,
      hiddenReason: reviews.hiddenReason,
      reference: orders.reference,
    })
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
  const log = await db
    .select()
    .from(reviewModerations)
    .orderBy(desc(reviewModerations.at), desc(reviewModerations.id));
  return rows.map((row) => ({
    ...row,
    history: log.filter((entry) => entry.reviewId === row.id),
  }));
}

/** The star ratings a review can have, best first (the order the public counts list them in). */
export const STAR_RATINGS = [5, 4, 3, 2, 1] as const;
export type StarRating = (typeof STAR_RATINGS)[number];

/**
 * The public counts: published reviews, how many have each star rating, the average of all of
 * them, and hidden reviews by reason. Every published review counts the same, whatever its rating.
 */
export async function reviewCounts(db: Db) {
  const result = await db.execute<{
    hidden_reason: string | null;
    rating: number | string;
    n: number | string;
  }>(sql`
    select hidden_reason, rating, count(*) as n from reviews group by hidden_reason, rating`);
  let published = 0;
  let total = 0;
  const byRating: Record<StarRating, number> = { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 };
  const hidden: Partial<Record<HiddenReason, number>> = {};
  for (const row of result.rows) {
    const n = Number(row.n);
    const rating = Number(row.rating);
    if (row.hidden_reason === null) {
      published += n;
      total += rating * n;
      if (rating in byRating) byRating[rating as StarRating] += n;
    } else if ((HIDDEN_REASONS as readonly string[]).includes(row.hidden_reason)) {
      const reason = row.hidden_reason as HiddenReason;
      hidden[reason] = (hidden[reason] ?? 0) + n;
    }
  }
  const hiddenTotal = Object.values(hidden).reduce((sum, n) => sum + n, 0);
  return {
    published,
    average: published > 0 ? (total / published).toFixed(1) : null,
    byRating,
    hidden: hiddenTotal,
    hiddenByReason: hidden,
  };
}

/** Reviews on one page of `/reviews`. */
export const REVIEWS_PER_PAGE = 20;

export interface PublicReview {
  id: number;
  rating: number;
  comment: string;
  name: string;
  purchasedAt: Date;
  publishedAt: Date;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * One page of every published review, newest first: the order they were written in and nothing
 * else (never their rating), so no review is pushed back or left out for what it says.
 * `page` counts from 1; a page past the last comes back empty.
 */
export async function publishedReviewsPage(
  db: Db,
  page: number,
  perPage = REVIEWS_PER_PAGE,
): Promise<PublicReview[]> {
  const result = await db.execute<{
    id: number | string;
    rating: number | string;
    comment: string;
    name: string;
    purchased_at: Date | string;
    created_at: Date | string;
  }>(sql`
    select id, rating, comment, display_name as name, purchased_at, created_at from reviews
    where hidden_at is null
    order by created_at desc, id desc
    limit ${perPage} offset ${(page - 1) * perPage}`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    rating: Number(row.rating),
    comment: normalisePublicText(row.comment),
    name: normalisePublicText(row.name),
    purchasedAt: asDate(row.purchased_at),
    publishedAt: asDate(row.created_at),
  }));
}
