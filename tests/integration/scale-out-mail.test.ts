import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "#app/lib/env.server.ts";
import { enqueueEmail } from "#app/lib/mail/outbox.server.ts";
import { createServices } from "#app/lib/services.server.ts";
import { startSmtp, type TestSmtp } from "../mocks/smtp.ts";
import { testBackends } from "../setup/databases.ts";
import { type RunningServer, startServer } from "../setup/server.ts";

const postgres = testBackends().find((b) => b.name === "postgres");

/** A relay as slow as the one that made two buyers get their e-mail twice: 16 s a message. */
const RELAY_DELAY_MS = 16_000;
const ORDERS = 10;

/**
 * Two instances on one PostgreSQL sending through one slow mail relay: each e-mail is claimed on
 * its own and its claim renewed while it is sent, so however long the relay takes, every buyer
 * gets exactly one e-mail (ADR 024).
 */
describe.runIf(postgres)("scale-out: two instances, one slow mail relay", () => {
  let smtp: TestSmtp;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    smtp = await startSmtp();
    smtp.delayMs = RELAY_DELAY_MS;
    const shared = {
      PUBLIC_URL: "http://shop.test",
      DATABASE_URL: await postgres!.freshUrl!(),
      ADMIN_PASSWORD: "scale-admin-password",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Toolkit <shop@shop.test>",
    };
    const seeding = await createServices(
      parseEnv({ ...shared, DATA_DIR: await mkdtemp(join(tmpdir(), "scale-mail-")) }),
    );
    for (let n = 0; n < ORDERS; n++) {
      await enqueueEmail(seeding.database.db, {
        to: `buyer${n}@example.com`,
        template: "delivery",
        dedupeKey: `delivery:scale-${n}`,
        payload: {
          reference: `LCT-000000${String(n).padStart(4, "0")}`,
          amountCents: 4700,
          discountApplied: false,
          paidAt: "2026-11-28T10:00:00.000Z",
          link: `http://shop.test/thank-you?t=token-${n}`,
          supportEmail: "help@shop.test",
        },
      });
    }
    await seeding.close();
    [a, b] = await Promise.all([startServer(shared), startServer(shared)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp.close();
    await postgres!.cleanup();
  });

  it("sends each of 10 orders' e-mails exactly once at 16 s a message", async () => {
    await expect.poll(() => smtp.messages.length, { timeout: 200_000, interval: 1_000 }).toBe(ORDERS);
    // Long enough for a lapsed claim to be taken and sent again by the other instance.
    await new Promise((resolve) => setTimeout(resolve, RELAY_DELAY_MS + 6_000));
    expect(smtp.messages).toHaveLength(ORDERS);
    const recipients = smtp.messages.map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text);
    expect(new Set(recipients).size).toBe(ORDERS);
  }, 260_000);
});
