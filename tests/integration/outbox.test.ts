import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "#app/lib/db/database.server.ts";
import { createMailer, withSellerFooter } from "#app/lib/mail/mailer.server.ts";
import {
  enqueueEmail,
  outboxOwner,
  processOutbox,
  retryDelayMs,
  startOutboxWorker,
} from "#app/lib/mail/outbox.server.ts";
import { emailOutbox } from "#db/schema.ts";
import { startSmtp, type TestSmtp } from "../mocks/smtp.ts";
import { testBackends } from "../setup/databases.ts";
import { TEST_SELLER_LINE } from "../setup/seller.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const delivery = (n: number) => ({
  to: `buyer${n}@example.com`,
  template: "delivery" as const,
  dedupeKey: `delivery:test-${n}`,
  payload: {
    reference: `LCT-00000000${String(n).padStart(2, "0")}`,
    amountCents: 4700,
    discountApplied: false,
    paidAt: "2026-11-22T10:00:00.000Z",
    link: `http://shop.test/thank-you?t=token-${n}`,
    supportEmail: "help@shop.test",
  },
});

describe("backoff", () => {
  it("doubles from 30 s and stops at an hour", () => {
    expect([1, 2, 3, 4, 10, 50].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe("the seller's footer", () => {
  it("escapes the seller's line in the HTML part", () => {
    const signed = withSellerFooter(
      { to: "b@example.com", subject: "s", text: "Hi", html: "<html><body><p>Hi</p></body></html>" },
      'Rossi & "Figli" <b>Srl</b>',
    );
    expect(signed.html).toContain(">Rossi &amp; &quot;Figli&quot; &lt;b&gt;Srl&lt;/b&gt;</p></body></html>");
    expect(signed.text).toBe('Hi\n\n-- \nRossi & "Figli" <b>Srl</b>');
  });
});

for (const backend of testBackends()) {
  describe(`e-mail outbox on ${backend.name}`, () => {
    let smtp: TestSmtp;
    let services: TestServices;

    beforeAll(async () => {
      smtp = await startSmtp();
    });
    afterAll(async () => {
      await smtp.close();
      await backend.cleanup();
    });
    beforeEach(async () => {
      smtp.messages.length = 0;
      smtp.refuse = null;
      services = await testServices(backend, { SMTP_URL: smtp.url, MAIL_FROM: "Toolkit <shop@shop.test>" });
    });
    afterEach(() => services.dispose());

    const db = () => services.database.db;

    it("sends the delivery e-mail over SMTP with text and HTML parts, then forgets the link", async () => {
      await enqueueEmail(db(), delivery(1));
      expect(await processOutbox(db(), services.mailer)).toBe(1);
      const [mail] = smtp.messages;
      expect(mail?.to).toMatchObject({ text: "buyer1@example.com" });
      expect(mail?.from?.value[0]).toMatchObject({ name: "Toolkit", address: "shop@shop.test" });
      expect(mail?.subject).toBe(
        "Your Life Coaching Branding Toolkit v2.0 is ready to download (order LCT-0000000001)",
      );
      expect(mail?.text).toContain("http://shop.test/thank-you?t=token-1");
      expect(mail?.text).toContain("30-day money-back guarantee");
      expect(mail?.text).toContain("help@shop.test");
      expect(mail?.html).toContain('href="http://shop.test/thank-you?t=token-1"');
      // A whole HTML document with its title, and replies go to support (the payload's address).
      expect(mail?.html).toContain(
        `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${mail?.subject}</title></head>`,
      );
      expect(mail?.replyTo?.value).toEqual([{ address: "help@shop.test", name: "" }]);
      const [row] = await db().select().from(emailOutbox);
      expect(row?.sentAt).toBeInstanceOf(Date);
      expect(row?.payload).toMatchObject({ link: null });
      expect(await processOutbox(db(), services.mailer)).toBe(0);
    });

    it("names the seller at the foot of every e-mail: the delivery e-mail and the owner's alike", async () => {
      await enqueueEmail(db(), delivery(9));
      await enqueueEmail(db(), {
        to: "owner@shop.test",
        template: "owner-sale",
        payload: {
          orderNumber: 9,
          reference: "LCT-0000000009",
          buyerEmail: "buyer9@example.com",
          amountCents: 4700,
          discountApplied: false,
          source: "",
          article: "",
        },
      });
      expect(await processOutbox(db(), services.mailer)).toBe(2);
      expect(smtp.messages).toHaveLength(2);
      for (const mail of smtp.messages) {
        expect(mail.text?.trimEnd().endsWith(`-- \n${TEST_SELLER_LINE}`), mail.subject).toBe(true);
        expect(mail.html, mail.subject).toMatch(
          new RegExp(`>${TEST_SELLER_LINE.replaceAll(".", "\\.")}</p>\\s*</body>`),
        );
      }
    });

    it("queues an e-mail once per dedupe key", async () => {
      expect(await enqueueEmail(db(), delivery(2))).toBe(true);
      expect(await enqueueEmail(db(), delivery(2))).toBe(false);
      expect(await db().select().from(emailOutbox)).toHaveLength(1);
    });

    it("keeps a refused e-mail with its error and sends it on a later attempt", async () => {
      await enqueueEmail(db(), delivery(3));
      smtp.refuse = "Mailbox temporarily unavailable";
      expect(await processOutbox(db(), services.mailer)).toBe(0);
      let [row] = await db().select().from(emailOutbox);
      expect(row).toMatchObject({ attempts: 1, sentAt: null });
      expect(row?.lastError).toMatch(/Mailbox temporarily unavailable/);
      expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
      // Not due yet: nothing is sent.
      smtp.refuse = null;
      expect(await processOutbox(db(), services.mailer)).toBe(0);
      await db()
        .update(emailOutbox)
        .set({ nextAttemptAt: new Date(0) });
      expect(await processOutbox(db(), services.mailer)).toBe(1);
      [row] = await db().select().from(emailOutbox);
      expect(row).toMatchObject({ attempts: 2, lastError: null });
      expect(smtp.messages).toHaveLength(1);
    });

    it("survives the SMTP server being down", async () => {
      const down = createMailer({
        smtpUrl: "smtp://127.0.0.1:1",
        from: "x@shop.test",
        mailDir: "/nonexistent",
        seller: "Coaching Shop Srl, Via Roma 1, Milano · VAT ID IT12345678903",
      });
      await enqueueEmail(db(), delivery(4));
      expect(await processOutbox(db(), down)).toBe(0);
      const [row] = await db().select().from(emailOutbox);
      expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
      down.close();
    });

    it("at start takes back at once what this instance's killed previous life had claimed, and nothing else", async () => {
      for (let n = 40; n < 44; n++) await enqueueEmail(db(), delivery(n));
      const dataDir = services.env.DATA_DIR;
      const inTwoMinutes = new Date(Date.now() + 120_000);
      const claim = (id: number, owner: string) =>
        db()
          .update(emailOutbox)
          .set({ claimedBy: owner, nextAttemptAt: inTwoMinutes, attempts: 1 })
          .where(eq(emailOutbox.id, id));
      const [a, b, c, d] = (await db().select().from(emailOutbox).orderBy(emailOutbox.id)).map((r) => r.id);
      await claim(a!, outboxOwner(dataDir, 2 ** 30)); // this instance, a process that is gone
      await claim(b!, outboxOwner(dataDir, process.pid)); // this instance, this pid (a container's pid 1)
      await claim(c!, outboxOwner(dataDir, process.ppid)); // this instance, another process still running
      await claim(d!, outboxOwner("/another/instance", 2 ** 30)); // another instance: its lease decides
      const worker = startOutboxWorker(db(), services.mailer, { dataDir, intervalMs: 60_000 });
      try {
        await expect.poll(() => smtp.messages.length, { timeout: 5_000 }).toBe(2);
        expect(smtp.messages.map((m) => m.to && "text" in m.to && m.to.text).sort()).toEqual([
          "buyer40@example.com",
          "buyer41@example.com",
        ]);
        const rows = await db().select().from(emailOutbox).orderBy(emailOutbox.id);
        expect(rows.map((r) => r.sentAt !== null)).toEqual([true, true, false, false]);
        expect(rows.map((r) => r.claimedBy)).toEqual([
          null,
          null,
          outboxOwner(dataDir, process.ppid),
          outboxOwner("/another/instance", 2 ** 30),
        ]);
      } finally {
        await worker.stop();
      }
    });

    it("goes on when recording one e-mail's failure fails, and sends the rest of the batch", async () => {
      for (let n = 50; n < 53; n++) await enqueueEmail(db(), delivery(n));
      // The database drops the one write that records the first e-mail's SMTP error.
      let failRecord = true;
      const flaky = new Proxy(db(), {
        get(target, property, receiver) {
          if (property === "update" && failRecord) {
            failRecord = false;
            return () => ({
              set: () => ({ where: () => Promise.reject(new Error("Connection terminated unexpectedly")) }),
            });
          }
          return Reflect.get(target, property, receiver);
        },
      }) as Db;
      let calls = 0;
      const firstRefused = {
        kind: "smtp" as const,
        send: (message: Parameters<typeof services.mailer.send>[0]) =>
          calls++ === 0 ? Promise.reject(new Error("451 try later")) : services.mailer.send(message),
        close() {},
      };
      expect(await processOutbox(flaky, firstRefused)).toBe(2);
      expect(smtp.messages).toHaveLength(2);
      const rows = await db().select().from(emailOutbox).orderBy(emailOutbox.id);
      expect(rows.map((r) => r.sentAt !== null)).toEqual([false, true, true]);
    });

    it("never sends a cancelled e-mail", async () => {
      await enqueueEmail(db(), delivery(60));
      await db().update(emailOutbox).set({ cancelledAt: new Date() });
      expect(await processOutbox(db(), services.mailer)).toBe(0);
      expect(smtp.messages).toHaveLength(0);
    });

    it("never sends the same e-mail twice when workers run at once", async () => {
      for (let n = 10; n < 30; n++) await enqueueEmail(db(), delivery(n));
      const sent = await Promise.all(
        [1, 2, 3, 4].map(() => processOutbox(db(), services.mailer, { batch: 5 })),
      );
      const total = sent.reduce((a, b) => a + b, 0);
      // Whatever each worker claimed, every e-mail went out exactly once (leftovers on the next run).
      let more = await processOutbox(db(), services.mailer, { batch: 50 });
      while (more > 0) more = await processOutbox(db(), services.mailer, { batch: 50 });
      expect(smtp.messages).toHaveLength(20);
      expect(new Set(smtp.messages.map((m) => m.subject)).size).toBe(20);
      expect(total).toBeLessThanOrEqual(20);
    });

    it("sends each e-mail once when a slow mail server outlasts the claim's lease and two instances run", async () => {
      for (let n = 30; n < 36; n++) await enqueueEmail(db(), delivery(n));
      // Each message takes three leases to be accepted: the claim must be renewed while it is sent.
      const slow = {
        kind: "smtp" as const,
        send: async (message: Parameters<typeof services.mailer.send>[0]) => {
          await new Promise((resolve) => setTimeout(resolve, 600));
          return services.mailer.send(message);
        },
        close() {},
      };
      const instance = (owner: string) => processOutbox(db(), slow, { owner, leaseMs: 200 });
      const sent = await Promise.all([instance("host-a:/data:1"), instance("host-b:/data:1")]);
      expect(sent[0]! + sent[1]!).toBe(6);
      expect(smtp.messages).toHaveLength(6);
      expect(new Set(smtp.messages.map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text)).size).toBe(6);
      const rows = await db().select().from(emailOutbox);
      expect(rows.every((row) => row.sentAt !== null && row.claimedBy === null)).toBe(true);
    });

    it("records nothing for an e-mail whose claim another instance holds now", async () => {
      await enqueueEmail(db(), delivery(40));
      let takeOver: Promise<unknown> = Promise.resolve();
      const refusing = {
        kind: "smtp" as const,
        send: async () => {
          // While this instance talks to the server, another takes the e-mail over (its lease ended).
          takeOver = db().update(emailOutbox).set({ claimedBy: "host-b:/data:1" });
          await takeOver;
          throw new Error("451 try later");
        },
        close() {},
      };
      expect(await processOutbox(db(), refusing, { owner: "host-a:/data:1" })).toBe(0);
      await takeOver;
      const [row] = await db().select().from(emailOutbox);
      expect(row!.claimedBy).toBe("host-b:/data:1");
      expect(row!.lastError).toBeNull();
    });
  });
}

describe("e-mails without SMTP", () => {
  it("are written as .eml files under DATA_DIR/mail", async () => {
    const backend = testBackends()[0]!;
    const services = await testServices(backend);
    await enqueueEmail(services.database.db, delivery(5));
    expect(await processOutbox(services.database.db, services.mailer)).toBe(1);
    const { readdir, readFile } = await import("node:fs/promises");
    const dir = `${services.env.DATA_DIR}/mail`;
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = await readFile(`${dir}/${files[0]}`, "utf8");
    expect(raw).toMatch(/^From: /m);
    expect(raw).toMatch(/^Subject: Your Life Coaching Branding Toolkit v2\.0 is ready/m);
    await services.dispose();
  });
});
