/** The e-mails a test-mode store writes as .eml files under DATA_DIR/mail (no SMTP), read as a buyer would. */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { expect } from "./fixtures.ts";

/** The e-mail to `to` whose subject matches, waiting up to 15 s for the outbox to write it. */
export async function mailTo(dataDir: string, to: string, subject: RegExp) {
  let found: Awaited<ReturnType<typeof simpleParser>> | undefined;
  await expect
    .poll(
      async () => {
        const dir = join(dataDir, "mail");
        for (const name of await readdir(dir).catch(() => [])) {
          const mail = await simpleParser(await readFile(join(dir, name)));
          if (mail.to && !Array.isArray(mail.to) && mail.to.text === to && subject.test(mail.subject ?? ""))
            found = mail;
        }
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
