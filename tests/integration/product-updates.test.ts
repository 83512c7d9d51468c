/**
 * Issue 18, items 1 and 4: versions and changelogs on upload, the version history, "Avvisa gli
 * acquirenti" (one throttled update e-mail per buyer, counted at a real SMTP server), the one-click
 * unsubscribe, and the review request a week after the first download.
 */
import { readFile } from "node:fs/promises";
import { eq, sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { renderToString } from "react-dom/server";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ReleaseNotes } from "#app/components/success/release-notes.tsx";
import { createAdminSession } from "#app/lib/admin/admin-session.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import { findPaidOrder } from "#app/lib/checkout/find-paid-order.server.ts";
import { processOutbox } from "#app/lib/mail/outbox.server.ts";
import { unsubscribeAddress, unsubscribeUrl } from "#app/lib/mail/unsubscribe.server.ts";
import { queueReviewRequests } from "#app/lib/orders/review-requests.server.ts";
import { notifyBuyers } from "#app/lib/products/notify-buyers.server.ts";
import { versionHistory } from "#app/lib/products/version-history.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import { signToken } from "#app/lib/signed-token.server.ts";
import { uploadErrorCopy, uploadFromRequest, uploadRefusalFrom } from "#app/routes/admin/upload.server.ts";
import * as uploadRoute from "#app/routes/admin/upload.ts";
import { httpStatus } from "#app/routes/http.server.ts";
import * as unsubscribeRoute from "#app/routes/unsubscribe.tsx";
import { downloads, emailOutbox, orders, products, unsubscribes } from "#db/schema.ts";
import { startSmtp, type TestSmtp } from "../mocks/smtp.ts";
import { testBackends } from "../setup/databases.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const DAY_MS = 24 * 3600_000;
const fixture = (name: string) => readFile(`tests/fixtures/${name}`);

/** A multipart upload: `fields` in order, the file where `fileAt` says (after them by default). */
async function uploadRequest(fields: [string, string][], options: { fileAt?: number; file?: string } = {}) {
  const form = new FormData();
  const file = new Blob([new Uint8Array(await fixture(options.file ?? "toolkit-sample.zip"))]);
  const at = options.fileAt ?? fields.length;
  fields.forEach(([name, value], i) => {
    if (i === at) form.append("file", file, "toolkit.zip");
    form.append(name, value);
  });
  if (at >= fields.length) form.append("file", file, "toolkit.zip");
  return new Request("http://shop.test/admin/upload", { method: "POST", body: form });
}

/** A header as sent (mailparser turns List-* headers into objects). */
function rawHeader(mail: ParsedMail | undefined, name: string): string | undefined {
  const line = mail?.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(":") + 1).trim();
}

/** A loader's or action's value, whether it was returned plainly or wrapped by `data()` with a status. */
function unwrap<T>(value: unknown): { body: T; status: number } {
  if (value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit") {
    const wrapped = value as unknown as { data: T; init: { status?: number } | null };
    return { body: wrapped.data, status: wrapped.init?.status ?? 200 };
  }
  return { body: value as T, status: 200 };
}

for (const backend of testBackends()) {
  describe(`product versions and buyer e-mails on ${backend.name}`, () => {
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
      services = await testServices(backend, {
        SMTP_URL: smtp.url,
        REVIEW_URL: "https://reviews.test/toolkit",
        // Fast enough for a test to send every e-mail at once; the throttle has its own test.
        UPDATE_EMAILS_PER_MINUTE: "6000",
      });
    });
    afterEach(() => services.dispose());

    const db = () => services.database.db;

    async function order(email: string, status: "paid" | "refunded" | "disputed" | "pending" = "paid") {
      const [row] = await db()
        .insert(orders)
        .values({
          email,
          amountCents: 4700,
          provider: "test",
          status,
          paidAt: status === "pending" ? null : new Date(),
        })
        .returning();
      return row!;
    }

    async function upload(fields: [string, string][], options?: { fileAt?: number; file?: string }) {
      return uploadFromRequest(services, await uploadRequest(fields, options), "Chrome · macOS");
    }

    async function refusal(fields: [string, string][], options?: { fileAt?: number }) {
      const error = await upload(fields, options).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      return {
        status: httpStatus(error as AppError),
        message: uploadErrorCopy(error as AppError, services.env.MAX_UPLOAD_BYTES).message,
      };
    }

    /** Sends everything due (the test's outbox worker), waiting out the test's tiny throttle first. */
    async function sendAll() {
      await new Promise((resolve) => setTimeout(resolve, 50));
      while ((await processOutbox(db(), services.mailer, { batch: 100 })) > 0) {}
      return smtp.messages;
    }

    const routeArgs = (request: Request, token: string) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      return {
        request,
        context,
        params: { token },
        unstable_pattern: "",
        url: new URL(request.url),
      } as never;
    };
    const tokenOf = (url: string) => url.split("/unsubscribe/")[1]!;
    const visitUnsubscribe = async (token: string) =>
      unwrap<{ address: string | null }>(
        await unsubscribeRoute.loader(routeArgs(new Request(`http://shop.test/unsubscribe/${token}`), token)),
      );
    /** A mail client's RFC 8058 one-click POST. */
    const oneClick = async (token: string) =>
      unwrap<{ done: boolean }>(
        await unsubscribeRoute.action(
          routeArgs(
            new Request(`http://shop.test/unsubscribe/${token}`, {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded" },
              body: "List-Unsubscribe=One-Click",
            }),
            token,
          ),
        ),
      );
    const unsubscribed = async () => (await db().select().from(unsubscribes)).map((row) => row.email).sort();

    it("records an upload's version, changelogs and uploader, and lists every version with the current one marked", async () => {
      const first = await upload([
        ["version", "v2.0"],
        ["changelogIt", "Prima versione"],
        ["changelogEn", "First release"],
      ]);
      const second = await upload(
        [
          ["version", "v2.1"],
          ["changelogIt", "Nuovi modelli"],
          ["changelogEn", "New templates"],
        ],
        { file: "toolkit-v2.zip" },
      );
      expect(second).toMatchObject({
        version: "v2.1",
        changelogIt: "Nuovi modelli",
        changelogEn: "New templates",
        uploadedBy: "Chrome · macOS",
        current: true,
      });
      const history = await versionHistory(db());
      expect(history.map((v) => [v.version, v.current])).toEqual([
        ["v2.1", true],
        ["v2.0", false],
      ]);
      expect(history[1]).toMatchObject({
        id: first.id,
        size: first.size,
        sha256: first.sha256,
        uploadedBy: "Chrome · macOS",
        changelogEn: "First release",
      });
      // Without details the upload works as before.
      expect(await upload([])).toMatchObject({ version: null, changelogIt: null, changelogEn: null });
    });

    it("the upload form works without JavaScript: back to the product page, with the reason on a refusal", async () => {
      const cookie = `admin_session=${await createAdminSession(db(), "test")}`;
      const post = async (fields: [string, string][]) => {
        const form = await uploadRequest(fields);
        const request = new Request("http://shop.test/admin-secret-0123456789/upload", {
          method: "POST",
          headers: {
            cookie,
            origin: "http://shop.test",
            accept: "text/html",
            "content-type": form.headers.get("content-type")!,
          },
          body: form.body,
          duplex: "half",
        } as RequestInit);
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        return (await uploadRoute.action({
          request,
          context,
          params: { secret: "admin-secret-0123456789" },
          unstable_pattern: "",
          url: new URL(request.url),
        } as never)) as Response;
      };
      const uploaded = await post([["version", "v5"]]);
      expect(uploaded.status).toBe(303);
      expect(uploaded.headers.get("location")).toBe("/admin-secret-0123456789/prodotto");
      expect((await versionHistory(db()))[0]).toMatchObject({ version: "v5", current: true });
      const refused = await post([["version", "v5"]]);
      expect(refused.status).toBe(303);
      const location = new URL(refused.headers.get("location")!, "http://shop.test");
      expect(location.pathname).toBe("/admin-secret-0123456789/prodotto");
      expect(uploadRefusalFrom(location.searchParams, services.env.MAX_UPLOAD_BYTES)?.message).toBe(
        "La versione v5 esiste già: scegline un'altra.",
      );
    });

    it("shows no release notes on the success page for a version without a changelog", () => {
      expect(renderToString(ReleaseNotes({ release: { version: "v2.0", changelog: null } }))).toBe("");
      expect(renderToString(ReleaseNotes({ release: { version: "v2.0", changelog: "" } }))).toBe("");
    });

    it("keeps HTML in a changelog as text and emoji as they are, everywhere it is shown", async () => {
      const changelog = '<script>alert("x")</script> <b>bold</b> 🎉 Nuovi modelli 👩🏽‍💼\nline two';
      const product = await upload([
        ["version", "v3"],
        ["changelogEn", changelog],
      ]);
      expect(product.changelogEn).toBe(changelog);
      const html = renderToString(ReleaseNotes({ release: { version: "v3", changelog } }));
      expect(html).not.toContain("<script>");
      expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
      expect(html).toContain("🎉");
      await order("buyer@example.com");
      await notifyBuyers(services, product.id);
      const [mail] = await sendAll();
      expect(mail?.html).not.toContain("<script>");
      expect(mail?.html).toContain("&lt;script&gt;");
      expect(mail?.text).toContain(changelog);
    });

    it("refuses a 100 KB changelog, a malformed version and a version that exists, and keeps the current product", async () => {
      const current = await upload([["version", "v2.1"]]);
      const before = await db().select().from(products);
      expect(await refusal([["changelogEn", "x".repeat(100 * 1024)]])).toEqual({
        status: 422,
        message: "Le novità superano i 2000 caratteri consentiti.",
      });
      expect(await refusal([["changelogIt", "🎉".repeat(2001)]])).toMatchObject({ status: 422 });
      expect(await refusal([["version", "<b>v2</b>"]])).toEqual({
        status: 422,
        message: "La versione non è valida: usa un formato come v2.1 (massimo 32 caratteri).",
      });
      expect(await refusal([["version", `v${"1".repeat(40)}`]])).toMatchObject({ status: 422 });
      expect(await refusal([["version", "v2.1"]])).toEqual({
        status: 409,
        message: "La versione v2.1 esiste già: scegline un'altra.",
      });
      // The same refusals when the details come after the file.
      expect(await refusal([["version", "v2.1"]], { fileAt: 0 })).toMatchObject({ status: 409 });
      expect(await refusal([["changelogEn", "x".repeat(100 * 1024)]], { fileAt: 0 })).toMatchObject({
        status: 422,
      });
      // 2,000 emoji are 2,000 characters: allowed.
      expect((await upload([["changelogIt", "🎉".repeat(2000)]])).changelogIt).toHaveLength(4000);
      const rows = await db().select().from(products);
      expect(rows).toHaveLength(before.length + 1);
      expect(rows.find((p) => p.id === current.id)?.version).toBe("v2.1");
      expect((await services.files.list("products/")).length).toBe(1);
    });

    it("e-mails each buyer once: paid, not refunded, disputed, erased or unsubscribed, with a lifetime link and a one-click unsubscribe", async () => {
      const product = await upload([
        ["version", "v2.1"],
        ["changelogEn", "New templates"],
      ]);
      const paid = await order("ann@example.com");
      await order("ann@example.com"); // the same buyer twice
      await order("bob@example.com");
      await order("refunded@example.com", "refunded");
      await order("disputed@example.com", "disputed");
      await order("pending@example.com", "pending");
      const erased = await order("erased@example.com");
      await db().update(orders).set({ erasedAt: new Date() }).where(eq(orders.id, erased.id));
      await order("gone@example.com");
      await db().insert(unsubscribes).values({ email: "gone@example.com" });

      expect(await notifyBuyers(services, product.id)).toEqual({ status: "queued", recipients: 2 });
      const mails = await sendAll();
      expect(mails.map((m) => (m.to as { text: string }).text).sort()).toEqual([
        "ann@example.com",
        "bob@example.com",
      ]);
      const ann = mails.find((m) => (m.to as { text: string }).text === "ann@example.com")!;
      expect(ann.subject).toBe("Coaching Toolkit: version v2.1 is ready to download");
      expect(ann.text).toContain("New templates");
      const listUnsubscribe = String(rawHeader(ann, "List-Unsubscribe"));
      expect(listUnsubscribe).toMatch(/^<http:\/\/shop\.test\/unsubscribe\/[^>]+>$/);
      expect(rawHeader(ann, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      const url = listUnsubscribe.slice(1, -1);
      expect(ann.text).toContain(url);
      expect(ann.html).toContain(url);
      expect(unsubscribeAddress(services.settings.tokenSecrets, tokenOf(url))).toBe("ann@example.com");
      // The lifetime link opens the buyer's order; it is not kept once the e-mail is sent.
      const link = ann.text!.match(/http:\/\/shop\.test\/thank-you-secret-0123456789\?t=\S+/)![0];
      const token = new URL(link).searchParams.get("t")!;
      const found = await findPaidOrder(services, { token, sessionId: null }, { ip: "203.0.113.7" });
      expect(found?.email).toBe(paid.email);
      const stored = await db().select().from(emailOutbox).where(eq(emailOutbox.template, "update"));
      expect(stored.every((row) => (row.payload as { link: unknown }).link === null)).toBe(true);
    });

    it("queues once when 'notify' is pressed twice at the same moment, and refuses a later press", async () => {
      const product = await upload([["version", "v2.1"]]);
      for (const n of [1, 2, 3]) await order(`buyer${n}@example.com`);
      const presses = await Promise.all([
        notifyBuyers(services, product.id),
        notifyBuyers(services, product.id),
      ]);
      expect(presses.map((p) => p.status).sort()).toEqual(["queued", "refused"]);
      expect(await notifyBuyers(services, product.id)).toEqual({ status: "refused" });
      expect(await sendAll()).toHaveLength(3);
      // An upload that is no longer current cannot be announced.
      const older = product;
      const newer = await upload([["version", "v2.2"]], { file: "toolkit-v2.zip" });
      await db().update(products).set({ notifiedAt: null }).where(eq(products.id, older.id));
      expect(await notifyBuyers(services, older.id)).toEqual({ status: "refused" });
      expect(await notifyBuyers(services, newer.id)).toEqual({ status: "queued", recipients: 3 });
    });

    it("schedules the e-mails at UPDATE_EMAILS_PER_MINUTE in the database, a second notification after the first", async () => {
      await services.dispose();
      services = await testServices(backend, { SMTP_URL: smtp.url }); // the default, 60 a minute
      const first = await upload([["version", "v1"]]);
      for (let n = 0; n < 5; n++) await order(`buyer${n}@example.com`);
      const now = new Date("2030-01-01T10:00:00Z");
      await notifyBuyers(services, first.id, now);
      const second = await upload([["version", "v2"]], { file: "toolkit-v2.zip" });
      await notifyBuyers(services, second.id, now);
      const times = (
        await db()
          .select({ at: emailOutbox.nextAttemptAt })
          .from(emailOutbox)
          .where(eq(emailOutbox.template, "update"))
          .orderBy(emailOutbox.id)
      ).map((row) => row.at.getTime() - now.getTime());
      expect(times).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => i * 1000));
      // Not due yet: nothing leaves before its time, whoever runs the outbox (and after a restart).
      expect(await processOutbox(db(), services.mailer, { batch: 100 })).toBe(0);
    });

    it("unsubscribes with a POST only, that address only; forged, altered, other-purpose and replayed tokens change nothing", async () => {
      const secrets = services.settings.tokenSecrets;
      const ann = tokenOf(unsubscribeUrl(services.links, secrets, "ann@example.com"));
      // A GET (a link scanner, the buyer opening the link) shows the button and unsubscribes nobody.
      expect(await visitUnsubscribe(ann)).toEqual({ body: { address: "a…@example.com" }, status: 200 });
      expect(await unsubscribed()).toEqual([]);
      expect(await oneClick(ann)).toEqual({ body: { done: true }, status: 200 });
      expect(await oneClick(ann)).toEqual({ body: { done: true }, status: 200 });
      expect(await unsubscribed()).toEqual(["ann@example.com"]);

      const forged = [
        // Another address in the body, the signature of Ann's token.
        `${Buffer.from(JSON.stringify({ p: "unsubscribe", exp: 4e12, d: { e: "bob@example.com" } })).toString("base64url")}.${ann.split(".")[1]}`,
        // Signed with another secret.
        signToken(["z".repeat(40)], "unsubscribe", { e: "bob@example.com" }, 4e12),
        // A genuine token made for another use.
        signToken(secrets, "download", { e: "bob@example.com" }, 4e12),
        `${ann}x`,
        "not-a-token",
      ];
      for (const token of forged) {
        expect(await visitUnsubscribe(token)).toEqual({ body: { address: null }, status: 404 });
        expect(await oneClick(token)).toEqual({ body: { done: false }, status: 404 });
      }
      expect(await unsubscribed()).toEqual(["ann@example.com"]);

      // The next notification skips Ann only.
      await order("ann@example.com");
      await order("bob@example.com");
      const product = await upload([["version", "v2.2"]]);
      expect(await notifyBuyers(services, product.id)).toEqual({ status: "queued", recipients: 1 });
      expect((await sendAll()).map((m) => (m.to as { text: string }).text)).toEqual(["bob@example.com"]);
    });

    it("asks for a review REVIEW_DELAY_DAYS after the first download, once per order, never refunded, disputed, erased or unsubscribed buyers", async () => {
      const now = new Date();
      const downloaded = async (email: string, daysAgo: number, status?: "refunded" | "disputed") => {
        const row = await order(email, status);
        await db()
          .insert(downloads)
          .values([
            { orderId: row.id, at: new Date(now.getTime() - daysAgo * DAY_MS) },
            { orderId: row.id, at: new Date(now.getTime() - DAY_MS) },
          ]);
        return row;
      };
      const due = await downloaded("due@example.com", 7.1);
      await downloaded("early@example.com", 6.9);
      await downloaded("ancient@example.com", 400);
      await downloaded("refunded@example.com", 8, "refunded");
      await downloaded("disputed@example.com", 8, "disputed");
      const erased = await downloaded("erased@example.com", 8);
      await db().update(orders).set({ erasedAt: now }).where(eq(orders.id, erased.id));
      await downloaded("gone@example.com", 8);
      await db().insert(unsubscribes).values({ email: "gone@example.com" });
      await order("never-downloaded@example.com");

      expect(await queueReviewRequests(services, now)).toBe(1);
      expect(await queueReviewRequests(services, now)).toBe(0);
      const [mail, ...rest] = await sendAll();
      expect(rest).toHaveLength(0);
      expect((mail!.to as { text: string }).text).toBe(due.email);
      expect(mail?.subject).toBe("How is your Coaching Toolkit working for you?");
      // The store's own form for this order, and the outside site offered as well.
      expect(mail?.text).toMatch(/http:\/\/shop\.test\/review\/[\w-]+\.[\w-]{43}/);
      expect(mail?.text).toContain("Or review us on reviews.test:\nhttps://reviews.test/toolkit");
      expect(String(rawHeader(mail, "List-Unsubscribe"))).toMatch(/^<http:\/\/shop\.test\/unsubscribe\//);
      expect(rawHeader(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      // A day later the early one is due, the first is not asked again.
      expect(await queueReviewRequests(services, new Date(now.getTime() + DAY_MS))).toBe(1);
      const keys = await db().execute<{ dedupe_key: string }>(
        sql`select dedupe_key from email_outbox where template = 'review-request' order by id`,
      );
      expect(keys.rows.map((r) => r.dedupe_key)).toEqual([
        `review:${due.id}`,
        expect.stringMatching(/^review:/),
      ]);
    });

    it("asks for a review on the store's form while REVIEW_URL is unset, and waits REVIEW_DELAY_DAYS as configured", async () => {
      await services.dispose();
      services = await testServices(backend, { SMTP_URL: smtp.url });
      const row = await order("buyer@example.com");
      await db()
        .insert(downloads)
        .values({ orderId: row.id, at: new Date(Date.now() - 8 * DAY_MS) });
      expect(await queueReviewRequests(services)).toBe(1);
      const [mail] = await sendAll();
      expect(mail?.text).toContain("http://shop.test/review/");
      expect(mail?.text).not.toContain("Or review us on");
      await services.dispose();
      services = await testServices(backend, {
        SMTP_URL: smtp.url,
        REVIEW_URL: "https://reviews.test/toolkit",
        REVIEW_DELAY_DAYS: "10",
      });
      const again = await order("buyer@example.com");
      await db()
        .insert(downloads)
        .values({ orderId: again.id, at: new Date(Date.now() - 8 * DAY_MS) });
      expect(await queueReviewRequests(services)).toBe(0);
      expect(await queueReviewRequests(services, new Date(Date.now() + 3 * DAY_MS))).toBe(1);
    });
  });
}
