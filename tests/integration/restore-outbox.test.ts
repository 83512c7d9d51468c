import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { enqueueEmail } from "#app/lib/mail/outbox.server.ts";
import { dumpDatabase, restoreDatabase } from "#app/lib/ops/database-dump.server.ts";
import { emailOutbox } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";

const queue = (db: Parameters<typeof enqueueEmail>[0], to: string) =>
  enqueueEmail(db, { to, template: "owner-sale", payload: { orderNumber: 1001 } as never });

for (const backend of testBackends()) {
  describe(`restoring over the store that sent its e-mails, on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("keeps sent the e-mails the backup had queued and the store sent since, and sends the others", async () => {
      const database = await backend.open();
      const { db } = database;
      try {
        await queue(db, "sent-after-backup@example.com");
        await queue(db, "still-waiting@example.com");
        const backup = await dumpDatabase(db);

        // After the backup the store sent the first e-mail, and queued and sent a new one.
        const sentAt = new Date("2026-12-02T10:00:00.123Z");
        await db
          .update(emailOutbox)
          .set({ sentAt, smtpResponse: "250 2.0.0 OK queued as A1" })
          .where(eq(emailOutbox.to, "sent-after-backup@example.com"));
        await queue(db, "after-backup@example.com");
        await db
          .update(emailOutbox)
          .set({ sentAt, smtpResponse: "250 2.0.0 OK queued as B2" })
          .where(eq(emailOutbox.to, "after-backup@example.com"));

        const { keptSent } = await restoreDatabase(db, backup, { force: true });
        expect(keptSent).toBe(1);
        const rows = await db
          .select({ to: emailOutbox.to, sentAt: emailOutbox.sentAt, smtp: emailOutbox.smtpResponse })
          .from(emailOutbox)
          .orderBy(emailOutbox.id);
        expect(rows).toEqual([
          { to: "sent-after-backup@example.com", sentAt, smtp: "250 2.0.0 OK queued as A1" },
          { to: "still-waiting@example.com", sentAt: null, smtp: null },
        ]);
      } finally {
        await database.close();
      }
    });

    it("marks nothing sent in another store's backup whose e-mails share ids but not their moment", async () => {
      const [source, target] = [await backend.open(), await backend.open()];
      try {
        await queue(source.db, "theirs@example.com");
        const backup = await dumpDatabase(source.db);
        await queue(target.db, "ours@example.com");
        await target.db.update(emailOutbox).set({ sentAt: new Date(), smtpResponse: "250 OK" });

        const { keptSent } = await restoreDatabase(target.db, backup, { force: true });
        expect(keptSent).toBe(0);
        const [row] = await target.db.select().from(emailOutbox);
        expect(row).toMatchObject({ to: "theirs@example.com", sentAt: null });
      } finally {
        await source.close();
        await target.close();
      }
    });
  });
}
