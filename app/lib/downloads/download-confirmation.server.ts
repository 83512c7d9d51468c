/**
 * The buyer's confirmation of their address once an order's download link looked shared (ADR 020):
 * a download for a flagged order e-mails a one-time link to the order's address; opening it (and
 * pressing the button, so a mail scanner's visit spends nothing) gives one fresh download link
 * marked as confirmed. Only the SHA-256 of each confirmation token is stored.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import { createDownloadToken } from "#app/lib/downloads/prepare-download.server.ts";
import { confirmDownloadPath, downloadPath } from "#app/lib/links.ts";
import { logger } from "#app/lib/logger.server.ts";
import { enqueueEmail } from "#app/lib/mail/outbox.server.ts";
import { getCurrentProduct } from "#app/lib/products/get-current-product.server.ts";
import { hit } from "#app/lib/rate-limit.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { downloadConfirmations, orders } from "#db/schema.ts";

export const CONFIRMATION = {
  /** How long an e-mailed confirmation link works. */
  validMs: 24 * 60 * 60_000,
  /** At most one confirmation e-mail per order in this window: a stranger retrying cannot flood the buyer. */
  mailEveryMs: 5 * 60_000,
} as const;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** A confirmation token: 32 random bytes, base64url. Anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * E-mails the order's buyer a one-time confirmation link, unless one went out within
 * CONFIRMATION.mailEveryMs (that one still works).
 */
export async function askBuyerToConfirm(
  services: Services,
  order: { id: string; email: string; reference: string },
) {
  const db = services.database.db;
  const { allowed } = await hit(db, `download-confirmation:${order.id}`, {
    limit: 1,
    windowMs: CONFIRMATION.mailEveryMs,
  });
  if (!allowed) return;
  const token = randomBytes(32).toString("base64url");
  const tokenHash = sha256(token);
  await db.transaction(async (tx) => {
    await tx.insert(downloadConfirmations).values({ tokenHash, orderId: order.id, createdAt: new Date() });
    await enqueueEmail(tx, {
      to: order.email,
      template: "download-confirmation",
      dedupeKey: `download-confirmation:${tokenHash}`,
      orderId: order.id,
      payload: {
        reference: order.reference,
        link: `${services.env.PUBLIC_URL}${confirmDownloadPath(token)}`,
        validHours: CONFIRMATION.validMs / 3_600_000,
        supportEmail: services.env.SUPPORT_EMAIL,
      },
    });
  });
  logger.info({ orderId: order.id }, "download confirmation e-mailed");
  services.kickOutbox();
}

/** What a confirmation link is worth now, without using it. */
export type ConfirmationState = "valid" | "invalid" | "used" | "expired" | "not-paid";

async function stateOf(db: Db, token: string, now: number) {
  if (!TOKEN_SHAPE.test(token)) return { state: "invalid" as const, orderId: null };
  const [row] = await db
    .select({
      orderId: downloadConfirmations.orderId,
      createdAt: downloadConfirmations.createdAt,
      usedAt: downloadConfirmations.usedAt,
      status: orders.status,
    })
    .from(downloadConfirmations)
    .innerJoin(orders, eq(orders.id, downloadConfirmations.orderId))
    .where(eq(downloadConfirmations.tokenHash, sha256(token)));
  if (!row) return { state: "invalid" as const, orderId: null };
  const state: ConfirmationState = row.usedAt
    ? "used"
    : now - row.createdAt.getTime() >= CONFIRMATION.validMs
      ? "expired"
      : row.status !== "paid"
        ? "not-paid"
        : "valid";
  return { state, orderId: row.orderId };
}

/** Whether the confirmation link `token` can be used (the page shows its button, or why not). */
export async function checkConfirmation(services: Services, token: string): Promise<ConfirmationState> {
  return (await stateOf(services.database.db, token, Date.now())).state;
}

/**
 * Uses the confirmation link `token`, once: the answer is a fresh download path for its own order
 * (marked confirmed, so it passes the sharing check), or why it cannot be used.
 */
export async function redeemConfirmation(
  services: Services,
  token: string,
): Promise<{ ok: true; path: string } | { ok: false; state: Exclude<ConfirmationState, "valid"> }> {
  const db = services.database.db;
  const now = Date.now();
  const found = await stateOf(db, token, now);
  if (found.state !== "valid") return { ok: false, state: found.state };
  // Two presses at once: only the one that marks it gets the download.
  const [used] = await db
    .update(downloadConfirmations)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(downloadConfirmations.tokenHash, sha256(token)),
        isNull(downloadConfirmations.usedAt),
        gt(downloadConfirmations.createdAt, new Date(now - CONFIRMATION.validMs)),
      ),
    )
    .returning({ orderId: downloadConfirmations.orderId });
  if (!used) return { ok: false, state: "used" };
  const product = await getCurrentProduct(db);
  const link = createDownloadToken(
    services.settings.tokenSecrets,
    { orderId: used.orderId, productId: product?.id ?? null, confirmed: true },
    now,
  );
  logger.info({ orderId: used.orderId }, "download confirmed by the buyer");
  return { ok: true, path: downloadPath(link) };
}
