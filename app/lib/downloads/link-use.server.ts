/**
 * What a download link may still do once it has been used (ADR 020, ADR 035): after its 300 s only
 * resume the bytes its own transfers left off, and, made by a buyer's confirmation, serve only the
 * network that started it.
 */
import { and, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import { downloads } from "#db/schema.ts";

/**
 * How far before the end of a transfer's counted bytes a resume may start: bytes handed to the
 * socket that a broken connection never delivered (both ends' socket buffers, Linux autotunes
 * each to a few MB). A resume that starts further back would send again what the link has sent.
 */
export const IN_FLIGHT_BYTES = 16 * 1024 * 1024;

/** `bytes=S-` or `bytes=S-E`: a resume names where it continues; a suffix range (`bytes=-N`) does not. */
const RESUME_RANGE = /^bytes=(\d+)-\d*$/;

/**
 * Whether an expired link may serve `range` (ADR 035): one range from byte S ≥ 1, for a link whose
 * whole-pack download started while it was valid less than `resumeMs` ago, where S continues one
 * of the link's transfers that was cut (a finished one needs no resume) and not resumed yet: S is
 * past that transfer's first byte, at most its last byte sent plus one, and no more than
 * IN_FLIGHT_BYTES before it. `bytes=0-`, a range going back over bytes the link already sent, or
 * the same stretch resumed twice, would be a fresh download, which an expired link never gives.
 */
export async function continuesSentBytes(
  db: Db,
  link: { orderId: string; linkHash: string; expiresAt: number },
  range: string | undefined,
  now: number,
  resumeMs: number,
): Promise<boolean> {
  const from = Number(RESUME_RANGE.exec((range ?? "").replace(/\s/g, ""))?.[1] ?? 0);
  if (!(from >= 1)) return false;
  const end = sql`${downloads.startByte} + ${downloads.bytes}`;
  // A later transfer of the link that sent bytes from this one's last IN_FLIGHT_BYTES resumed it.
  const resumed = sql`exists (select 1 from downloads later where later.link_hash = downloads.link_hash
    and later.entry is null and later.at > downloads.at and later.bytes > 0
    and later.start_byte > downloads.start_byte and later.start_byte <= downloads.start_byte + downloads.bytes
    and downloads.start_byte + downloads.bytes - later.start_byte <= ${IN_FLIGHT_BYTES})`;
  const [use] = await db
    .select({
      startedAt: sql<
        string | Date | null
      >`min(${downloads.at}) filter (where ${downloads.at} <= ${new Date(link.expiresAt)})`,
      continues: sql<
        boolean | null
      >`bool_or(${downloads.finishedAt} is null and ${downloads.startByte} < ${from}
        and ${from} <= ${end} and ${end} - ${from} <= ${IN_FLIGHT_BYTES} and not ${resumed})`,
    })
    .from(downloads)
    .where(
      and(
        eq(downloads.linkHash, link.linkHash),
        eq(downloads.orderId, link.orderId),
        isNull(downloads.entry),
      ),
    );
  const startedAt = use?.startedAt ? new Date(use.startedAt).getTime() : null;
  return startedAt !== null && now - startedAt < resumeMs && use?.continues === true;
}

/**
 * Whether a link made by a buyer's confirmation was already used from another network than
 * `network`: such a link is for the buyer who confirmed from their inbox, so a request from a
 * second network (a resume included) is asked to confirm again instead of served.
 */
export async function usedFromAnotherNetwork(db: Db, linkHash: string, network: string | null) {
  if (!network) return false;
  const [other] = await db
    .select({ id: downloads.id })
    .from(downloads)
    .where(
      and(eq(downloads.linkHash, linkHash), isNotNull(downloads.network), ne(downloads.network, network)),
    )
    .limit(1);
  return other !== undefined;
}
