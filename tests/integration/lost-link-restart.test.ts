import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { testBackends } from "../setup/databases.ts";
import { startSeededServer } from "../setup/seeded-server.ts";

const SUCCESS_PATH = "lost-link-restart-success-0123";

/** The `.eml` files the store wrote (it has no SMTP server): the e-mails that went out. */
const sentMail = async (dataDir: string) =>
  (await readdir(join(dataDir, "mail")).catch(() => [])).filter((name) => name.endsWith(".eml"));

/**
 * A "Lost your link?" request is answered at once and e-mailed a moment later: a stop in between
 * (a deploy's SIGTERM, a crash's SIGKILL) must not lose the e-mail the buyer was told is on its way.
 */
describe("a lost-link request across a stop of the store", () => {
  for (const signal of ["SIGTERM", "SIGKILL"] as const) {
    it(`is e-mailed after the store was stopped with ${signal} right after answering it`, async () => {
      const seeded = await startSeededServer(testBackends()[0]!, { SUCCESS_PATH });
      const { dataDir } = seeded.server;
      // The seeded order's delivery e-mail goes out first.
      await expect.poll(() => sentMail(dataDir), { timeout: 15_000 }).toHaveLength(1);
      const answer = await fetch(`${seeded.server.url}/${SUCCESS_PATH}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "lost-link", email: "buyer@example.com" }),
      });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain("a fresh download link is on its way");
      await seeded.server.stop(signal);
      expect(await sentMail(dataDir)).toHaveLength(1);

      const restarted = await seeded.restart();
      try {
        await expect.poll(() => sentMail(dataDir), { timeout: 15_000 }).toHaveLength(2);
      } finally {
        await restarted.stop();
      }
    }, 90_000);
  }
});
