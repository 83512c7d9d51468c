import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { DOWNLOAD_REFUSALS } from "#app/content/checkout.ts";
import { createDownloadToken } from "#app/lib/downloads/prepare-download.server.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import {
  accessLinks,
  downloadConfirmations,
  downloads,
  emailOutbox,
  orders,
  rateLimits,
  refundRequests,
  unsubscribes,
  withdrawalRequests,
  withdrawals,
} from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { fillStore, openData, openStore, runScript, storeEnv } from "../setup/ops-store.ts";
import { startServer } from "../setup/server.ts";

/**
 * Issue 14, item 7: `npm run buyer -- export|erase <email>` beside the running store (PGlite
 * through the store's socket, PostgreSQL directly), matching the address whatever its case; and
 * RETENTION_DAYS, which the privacy page states.
 */
for (const backend of testBackends()) {
  describe(`buyers' data on ${backend.name}, with the store running`, () => {
    afterAll(() => backend.cleanup());

    it("exports everything held about a buyer, then erases it and says what it did", async () => {
      // Mail cannot leave (nothing listens on port 9): the outbox keeps what the test counts.
      const env = await storeEnv(backend, { RETENTION_DAYS: "90", SMTP_URL: "smtp://127.0.0.1:9" });
      const filled = await openStore(env);
      const seeded = await fillStore(filled, "Buyer@Example.com");
      const mine = seeded.orders.filter((o) => o.email === "Buyer@Example.com");
      // The refunded order was withdrawn from, and a statement waits to be matched.
      const withdrawn = mine.find((o) => o.status === "refunded")!;
      await filled.database.db.insert(withdrawals).values({
        orderId: withdrawn.id,
        requestedAt: new Date(),
        name: "Buyer Name",
        email: "buyer@example.com",
        outcome: "refunded",
      });
      await filled.database.db.insert(withdrawalRequests).values({
        identifier: withdrawn.reference,
        name: "Buyer Name",
        email: "buyer@example.com",
        requestedAt: new Date(),
        dueAt: new Date(Date.now() + 3600_000),
      });
      await filled.close();
      const theirs = seeded.orders.filter((o) => o.email !== "Buyer@Example.com");

      const server = await startServer(env);
      let exported: Awaited<ReturnType<typeof runScript>>;
      let erased: Awaited<ReturnType<typeof runScript>>;
      let again: Awaited<ReturnType<typeof runScript>>;
      let link: string;
      let before: string;
      let after: string;
      let privacy: string;
      let downloadBefore: number;
      let downloadAfter: Response;
      try {
        exported = await runScript("buyer", ["export", "bUYER@example.COM"], env);
        const data = JSON.parse(exported.stdout);
        // The delivery e-mail of the order that is paid (a refund or a dispute has revoked the others).
        const paid = data.orders.find((o: { status: string }) => o.status === "paid");
        link = data.emails.find((m: { orderId: string }) => m.orderId === paid.id).payload.link;
        const url = new URL(link);
        before = await (await fetch(`${server.url}${url.pathname}${url.search}`)).text();
        // A download link issued just before the erasure (it lives 300 s) works until then.
        const download = `${server.url}/download/${createDownloadToken([env.TOKEN_SECRET!], { orderId: paid.id, productId: seeded.product.id }, Date.now() + 300_000)}`;
        downloadBefore = (await fetch(download, { method: "HEAD" })).status;
        erased = await runScript("buyer", ["erase", "buyer@example.com"], env);
        after = await (await fetch(`${server.url}${url.pathname}${url.search}`)).text();
        downloadAfter = await fetch(download);
        again = await runScript("buyer", ["export", "buyer@example.com"], env);
        privacy = await (await fetch(`${server.url}/privacy`)).text();
      } finally {
        await server.stop();
      }

      expect(exported.stderr).toBe("");
      expect(exported.code).toBe(0);
      const data = JSON.parse(exported.stdout);
      expect(data.email).toBe("buyer@example.com");
      expect(data.orders.map((o: { id: string }) => o.id).sort()).toEqual(mine.map((o) => o.id).sort());
      expect(new Set(data.orders.map((o: { status: string }) => o.status))).toEqual(
        new Set(["pending", "paid", "refunded", "expired", "disputed"]),
      );
      // Three paid orders, two downloads each, with their addresses.
      expect(data.downloads).toHaveLength(6);
      expect(data.downloads[0]).toMatchObject({ ip: expect.any(String), ipHash: expect.any(String) });
      // Three delivery e-mails (one sent) and the owner's alert about the disputed order.
      expect(data.emails.map((m: { template: string }) => m.template).sort()).toEqual([
        "delivery",
        "delivery",
        "delivery",
        "dispute-alert",
      ]);
      expect(data.accessLinks).toHaveLength(3);
      expect(Object.keys(data.accessLinks[0]).sort()).toEqual(["createdAt", "orderId", "tokenHash"]);
      expect(data.downloadConfirmations).toHaveLength(1);
      expect(data.refundRequests.map((r: { reason: string }) => r.reason).sort()).toEqual([
        "Changed my mind",
        "Not what I hoped for",
      ]);
      expect(data.unsubscribes).toEqual([{ email: "buyer@example.com", createdAt: expect.any(String) }]);
      expect(data.rateLimits.map((r: { key: string }) => r.key)).toEqual([
        "checkout:email:buyer@example.com",
      ]);
      expect(data.withdrawals).toMatchObject([{ orderId: withdrawn.id, name: "Buyer Name" }]);
      expect(data.withdrawalRequests).toMatchObject([{ identifier: withdrawn.reference }]);
      expect(exported.stdout).not.toContain("other3@example.com");

      expect(erased.stderr).toBe("");
      expect(erased.code).toBe(0);
      expect(erased.stdout).toBe(
        "5 orders anonymised (address replaced, kept for accounting); 3 access links and 1 download confirmations deleted; 3 unsent e-mails deleted and 1 sent ones scrubbed; 6 download records without IP address; 2 refund reasons cleared and 0 reviews deleted; 0 invoice requests cleared (issued invoices and credit notes are kept for ten years, as the law requires); 1 withdrawals anonymised (kept as the record of the contract's end) and 1 pending withdrawal statements deleted; 1 unsubscribes, 1 rate-limit counters and 0 pending link requests removed; 0 e-mail files deleted.\n",
      );
      // The lifetime link in the buyer's e-mail worked before and no longer does.
      expect(before).toContain("Payment Successful!");
      expect(after).not.toContain("Payment Successful!");
      // So did the 300 s download link; after the erasure it is refused, and no licence is made
      // out to the erased address.
      expect(downloadBefore!).toBe(200);
      expect(downloadAfter!.status).toBe(403);
      expect(await downloadAfter!.text()).toBe(DOWNLOAD_REFUSALS["invalid-link"]);
      expect(JSON.parse(again.stdout)).toMatchObject({
        orders: [],
        downloads: [],
        emails: [],
        accessLinks: [],
        unsubscribes: [],
        rateLimits: [],
      });
      // The privacy page states the store's RETENTION_DAYS.
      expect(privacy).toContain("We keep your IP address for 90 days");

      const store = await openData(env);
      try {
        const db = store.database.db;
        const ids = mine.map((o) => o.id);
        const kept = await db.select().from(orders).where(inArray(orders.id, ids));
        expect(kept).toHaveLength(5);
        for (const order of kept) {
          expect(order.email).toBe(`erased-${order.reference}@invalid`);
          expect(order.erasedAt).toBeInstanceOf(Date);
          expect(order.amountCents).toBe(4700);
          expect(order.taxCents).toBe(848);
        }
        expect(await db.select().from(accessLinks).where(inArray(accessLinks.orderId, ids))).toEqual([]);
        expect(await db.select().from(downloadConfirmations)).toEqual([]);
        const mail = await db.select().from(emailOutbox).where(inArray(emailOutbox.orderId, ids));
        expect(mail).toHaveLength(1);
        expect(mail[0]).toMatchObject({ payload: {}, smtpResponse: "250 OK" });
        expect(mail[0]!.to).toMatch(/^erased-LCT-[0-9A-F]{10}@invalid$/);
        for (const row of await db.select().from(downloads).where(inArray(downloads.orderId, ids)))
          expect(row).toMatchObject({ ip: null, ipHash: null, network: null });
        for (const row of await db.select().from(refundRequests)) expect(row.reason).toBeNull();
        expect(await db.select().from(withdrawals)).toMatchObject([
          { orderId: withdrawn.id, name: "erased", email: `erased-${withdrawn.reference}@invalid` },
        ]);
        expect(await db.select().from(withdrawalRequests)).toEqual([]);
        expect(await db.select().from(unsubscribes)).toEqual([
          { email: "other3@example.com", createdAt: expect.any(Date) },
        ]);
        expect((await db.select().from(rateLimits)).map((r) => r.key)).toEqual(["checkout:ip:198.51.100.7"]);
        // Other buyers keep everything.
        for (const other of theirs) {
          const [row] = await db.select().from(orders).where(eq(orders.id, other.id));
          expect(row).toMatchObject({ email: other.email, erasedAt: null });
        }
      } finally {
        await store.close();
      }
    }, 400_000);

    it("matches the address exactly, and the erasure deletes the e-mail files written to it", async () => {
      // No SMTP server: the store writes its e-mails to DATA_DIR/mail.
      const env = await storeEnv(backend);
      const store = await openStore(env);
      const inAnHour = new Date(Date.now() + 3600_000);
      const buyer = "john_doe@example.com";
      // `_` is one character in a LIKE pattern: these look alike to one and are other people.
      const others = ["john.doe@example.com", "johnxdoe@example.com"];
      try {
        await store.database.db.insert(rateLimits).values(
          [buyer, ...others].map((email) => ({
            key: `checkout:net:198.51.100.0/24:email:${email}`,
            count: 1,
            resetAt: inAnHour,
          })),
        );
        for (const to of [buyer, "John_Doe@Example.com", ...others, "support@example.com"])
          await store.mailer.send({ to, subject: "Your download", text: `For ${buyer}`, html: "<p>Hi</p>" });
      } finally {
        await store.close();
      }
      const mailDir = join(env.DATA_DIR!, "mail");
      const recipients = async () =>
        (
          await Promise.all(
            (
              await readdir(mailDir)
            ).map(async (file) =>
              (await readFile(join(mailDir, file), "utf8")).match(/^To: (.*)$/m)![1]!.toLowerCase(),
            ),
          )
        ).sort();

      const exported = await runScript("buyer", ["export", buyer], env);
      expect(exported.stderr).toBe("");
      expect(JSON.parse(exported.stdout).rateLimits.map((r: { key: string }) => r.key)).toEqual([
        `checkout:net:198.51.100.0/24:email:${buyer}`,
      ]);
      const erased = await runScript("buyer", ["erase", buyer], env);
      expect(erased.stderr).toBe("");
      expect(erased.stdout).toContain(
        "1 rate-limit counters and 0 pending link requests removed; 2 e-mail files deleted.",
      );
      expect(await recipients()).toEqual([...others, "support@example.com"].sort());

      const data = await openData(env);
      try {
        expect((await data.database.db.select().from(rateLimits)).map((r) => r.key).sort()).toEqual(
          others.map((email) => `checkout:net:198.51.100.0/24:email:${email}`).sort(),
        );
      } finally {
        await data.close();
      }
    }, 120_000);
  });
}

describe("RETENTION_DAYS", () => {
  it("defaults to 180 days and takes 1 to 3650", () => {
    expect(parseEnv({}).RETENTION_DAYS).toBe(180);
    expect(parseEnv({ RETENTION_DAYS: "30" }).RETENTION_DAYS).toBe(30);
    expect(() => parseEnv({ RETENTION_DAYS: "0" })).toThrow(/RETENTION_DAYS/);
    expect(() => parseEnv({ RETENTION_DAYS: "half a year" })).toThrow(
      "  RETENTION_DAYS: a number of days from 1 to 3650",
    );
  });
});
