import { unzipSync } from "fflate";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, RouterContextProvider, useActionData, useLoaderData } from "react-router";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FiscalAnswer, FiscalSettingsCard } from "#app/components/admin/fiscal-settings-card.tsx";
import { ADMIN_FISCAL_COPY, ADMIN_INVOICES_COPY } from "#app/content/admin-invoices.ts";
import { quarterOf } from "#app/lib/books/period.ts";
import { clientIpContext, servicesContext } from "#app/lib/router-context.ts";
import { signInCookie } from "#app/routes/admin/guard.server.ts";
import * as xmlRoute from "#app/routes/admin/invoice-xml.ts";
import * as invoicesRoute from "#app/routes/admin/invoices.tsx";
import * as zipRoute from "#app/routes/admin/invoices-zip.ts";
import type { SettingsPageData } from "#app/routes/admin/settings.server.ts";
import * as settingsRoute from "#app/routes/admin/settings.tsx";
import { invoiceRequests, orders } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { fatturaPaSchemaErrors } from "../setup/fatturapa-xsd.ts";
import { seedInvoice } from "../setup/seed-invoices.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const ORIGIN = "http://shop.test";
const ADMIN = "admin-invoices-secret-0123456789";

/** What a loader or action answered: a Response as it is, data() as its status and body. */
async function answer<T>(
  run: () => Promise<unknown>,
): Promise<{ status: number; body: T; response?: Response }> {
  try {
    const result = await run();
    if (result instanceof Response) return { status: result.status, body: null as T, response: result };
    if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit") {
      const init = result as unknown as { data: T; init: { status?: number } | null };
      return { status: init.init?.status ?? 200, body: init.data };
    }
    return { status: 200, body: result as T };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: null as T, response: thrown };
    const init = thrown as { data: T; init: { status?: number } | null };
    if (init && typeof init === "object" && "init" in init)
      return { status: init.init?.status ?? 500, body: init.data };
    throw thrown;
  }
}

type Document = {
  number: string;
  kind: string;
  reference: string;
  buyer: string;
  treatment: string;
  natura: string | null;
  totalCents: number;
  taxableCents: number;
  taxCents: number;
  fileName: string;
};
type InvoicesPage = {
  badPeriod: boolean;
  period: { key: string };
  documents: Document[];
  waiting: { reference: string; problem: string | null }[];
};
type SettingsPage = {
  checklist: { fiscal: boolean };
  fiscal: {
    missing: string[];
    sellerName: string | null;
    vatId: string | null;
    numbering: { series: string; next: number; highestUsed: number } | null;
  };
};

/** Dati fiscali as Impostazioni renders it on the server from its loader's and action's data. */
const FiscalCardStub = createRoutesStub([
  {
    path: "/",
    Component: () =>
      createElement(FiscalSettingsCard, {
        fiscal: useLoaderData<SettingsPageData>().fiscal,
        answer: useActionData<FiscalAnswer>() ?? null,
      }),
  },
]);

for (const backend of testBackends()) {
  describe(`the admin's e-invoices and fiscal settings on ${backend.name}`, () => {
    let services: TestServices;
    let cookie: string;
    beforeEach(async () => {
      services = await testServices(backend, { ADMIN_PATH: ADMIN });
      cookie = (await signInCookie(services, new Request(ORIGIN))).split(";")[0]!;
    });
    afterEach(() => services.dispose());
    afterAll(() => backend.cleanup());

    const db = () => services.database.db;
    const args = (
      path: string,
      init: RequestInit & { signedIn?: boolean; origin?: string } = {},
      params: Record<string, string> = {},
    ) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(clientIpContext, "198.51.100.1");
      const headers = new Headers(init.headers);
      if (init.signedIn !== false) headers.set("cookie", cookie);
      if (init.method === "POST") headers.set("origin", init.origin ?? ORIGIN);
      const request = new Request(`${ORIGIN}/${path}`, { ...init, headers });
      return {
        request,
        context,
        params: { secret: path.split(/[/?]/)[0]!, ...params },
        unstable_pattern: "",
        url: new URL(request.url),
      } as never;
    };
    const page = (query = "", init: { signedIn?: boolean } = {}) =>
      answer<InvoicesPage>(() => invoicesRoute.loader(args(`${ADMIN}/fatture${query}`, init)));
    const xml = (fileName: string, init: { signedIn?: boolean } = {}) =>
      answer(() => xmlRoute.loader(args(`${ADMIN}/fatture/x`, init, { fileName })));
    const zip = (query: string, init: { signedIn?: boolean } = {}) =>
      answer(() => zipRoute.loader(args(`${ADMIN}/fatture.zip${query}`, init)));
    const settings = () => answer<SettingsPage>(() => settingsRoute.loader(args(`${ADMIN}/impostazioni`)));
    const post = (body: Record<string, string>, origin?: string) =>
      answer<{ ok: boolean; message: string; errors?: Record<string, string> }>(() =>
        settingsRoute.action(
          args(`${ADMIN}/impostazioni`, { method: "POST", body: new URLSearchParams(body), origin }),
        ),
      );
    const FISCAL = {
      intent: "fiscal-settings",
      regime: "ordinario",
      codiceFiscale: "",
      street: "Via Roma 1",
      postcode: "20121",
      city: "Milano",
      province: "mi",
      series: "ft",
      requestDays: "10",
      threshold: "above",
      natura: "N2.1",
    };

    /** Two documents in October and November 2026, one in September: the fourth quarter holds three. */
    async function seedQuarter() {
      const september = await seedInvoice(db(), { date: "2026-09-30" });
      const october = await seedInvoice(db(), { date: "2026-10-05", creditNoteOn: "2026-11-10" });
      const november = await seedInvoice(db(), {
        date: "2026-11-20",
        buyer: "eu-business",
        grossCents: 9000,
      });
      return { september, october, november };
    }

    it("Dati fiscali: says what is missing, refuses each wrong field with its reason, then saves and the list is empty", async () => {
      const before = await settings();
      expect(before.body.fiscal).toMatchObject({ sellerName: "Coaching Shop Srl", vatId: "IT12345678903" });
      expect(before.body.fiscal.missing).toEqual([
        "Manca il regime IVA (ordinario o forfettario).",
        "Manca l'indirizzo della sede (via, comune).",
        "Manca il CAP della sede (5 cifre).",
        "Manca la provincia della sede (2 lettere, per esempio MI).",
      ]);
      expect(before.body.checklist.fiscal).toBe(false);

      const refused = await post({
        intent: "fiscal-settings",
        regime: "misto",
        codiceFiscale: "RSSMRA85T10A562X",
        street: "Via 🏠 1",
        postcode: "2012",
        city: "x".repeat(61),
        province: "Milano",
        series: "F-T",
        requestDays: "30",
        threshold: "maybe",
        natura: "N7",
      });
      const errors = ADMIN_FISCAL_COPY.errors;
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(ADMIN_FISCAL_COPY.refused);
      expect(refused.body.errors).toEqual({
        regime: errors.regime,
        codiceFiscale: errors.codiceFiscale,
        street: errors.latin1,
        postcode: errors.postcode,
        city: errors.city,
        province: errors.province,
        series: errors.series,
        requestDays: errors.requestDays,
        threshold: errors.choice,
        natura: errors.choice,
      });
      expect((await settings()).body.fiscal.missing).toHaveLength(4);

      // Lower case and spaces are the owner's way of typing, not an error.
      const saved = await post({ ...FISCAL, codiceFiscale: "rssmra85t10a562s" });
      expect(saved).toMatchObject({ status: 200, body: { ok: true, message: ADMIN_FISCAL_COPY.saved } });
      const after = await settings();
      expect(after.body.fiscal.missing).toEqual([]);
      expect(after.body.checklist.fiscal).toBe(true);
      expect(after.body.fiscal.numbering).toMatchObject({ series: "FT", next: 1, highestUsed: 0 });

      // A form from another site never reaches the settings.
      expect((await post({ ...FISCAL, regime: "forfettario" }, "https://evil.example")).status).toBe(403);
    });

    it("Prossimo numero: starts the year's series at 15, refuses a number already used, a lower one and nonsense", async () => {
      await post(FISCAL);
      const { year } = quarterOf(new Date());
      // 1 to 14 were the other program's, as the owner confirms.
      expect(await post({ intent: "invoice-next-number", next: "15" })).toMatchObject({
        status: 409,
        body: { ok: false, confirmNext: 15 },
      });
      expect(await post({ intent: "invoice-next-number", next: "15", gapConfirmed: "yes" })).toMatchObject({
        status: 200,
        body: { ok: true, message: ADMIN_FISCAL_COPY.next.saved("FT", year, 15) },
      });
      expect((await settings()).body.fiscal.numbering).toMatchObject({ next: 15 });
      expect(await post({ intent: "invoice-next-number", next: "9" })).toMatchObject({
        status: 409,
        body: { ok: false, message: ADMIN_FISCAL_COPY.next.lower("FT", year, 15) },
      });
      await seedInvoice(db(), { date: `${year}-01-15` });
      expect(await post({ intent: "invoice-next-number", next: "15" })).toMatchObject({
        status: 409,
        body: { message: ADMIN_FISCAL_COPY.next.used("FT", year, 15) },
      });
      for (const next of ["", "abc", "0", "-3", "1e3", "9999999", "1".repeat(5000), "<b>20</b>"])
        expect(await post({ intent: "invoice-next-number", next })).toMatchObject({
          status: 400,
          body: { message: ADMIN_FISCAL_COPY.next.invalid },
        });
      expect((await settings()).body.fiscal.numbering).toMatchObject({ next: 16, highestUsed: 15 });
    });

    it("Prossimo numero: 120 after FT/12 asks back naming the gap, with a confirmation that posts without JavaScript, and is set once confirmed", async () => {
      await post(FISCAL);
      const { year } = quarterOf(new Date());
      for (let i = 0; i < 12; i++) await seedInvoice(db(), { date: `${year}-01-15` });
      const asked = await post({ intent: "invoice-next-number", next: "120" });
      expect(asked).toEqual({
        status: 409,
        body: {
          intent: "invoice-next-number",
          ok: false,
          message: `I numeri da 13 a 119 del sezionale FT per il ${year} resteranno inutilizzati: confermi?`,
          confirmNext: 120,
        },
      });
      expect((await settings()).body.fiscal.numbering).toMatchObject({ next: 13, highestUsed: 12 });

      // The page answers with a dialog open in the document and a form that posts the number again.
      const html = renderToString(
        createElement(FiscalCardStub, {
          hydrationData: { loaderData: { "0": (await settings()).body }, actionData: { "0": asked.body } },
        }),
      );
      const dialog = /<dialog[^>]*\bopen\b[^>]*>([\s\S]*?)<\/dialog>/.exec(html)?.[1] ?? "";
      expect(dialog).toContain(
        `I numeri da 13 a 119 del sezionale FT per il ${year} resteranno inutilizzati`,
      );
      expect(dialog).toMatch(/<form [^>]*method="post"/);
      expect(dialog).toContain('<input type="hidden" name="next" value="120"/>');
      expect(dialog).toContain('<input type="hidden" name="gapConfirmed" value="yes"/>');
      const button = /<button ([^>]*)>Sì, il prossimo numero è 120<\/button>/.exec(dialog)?.[1];
      expect(button).toMatch(/type="submit"/);
      expect(button).toMatch(/name="intent"/);
      expect(button).toMatch(/value="invoice-next-number"/);

      expect(await post({ intent: "invoice-next-number", next: "120", gapConfirmed: "yes" })).toMatchObject({
        status: 200,
        body: { ok: true, message: ADMIN_FISCAL_COPY.next.saved("FT", year, 120) },
      });
      expect((await settings()).body.fiscal.numbering).toMatchObject({ next: 120, highestUsed: 12 });
    });

    it("Fatture: the quarter's invoices and credit note with what each is, a month's, and the current quarter by default", async () => {
      const { october, november } = await seedQuarter();
      const quarter = await page("?periodo=2026-T4");
      expect(quarter.status).toBe(200);
      expect(quarter.body.documents).toEqual([
        {
          id: expect.any(String),
          kind: "invoice",
          number: "FT/2",
          date: "2026-10-05",
          reference: october.reference,
          buyer: "Studio Bianchi Srl",
          treatment: "italian-business",
          ratePercent: 22,
          natura: null,
          totalCents: 4700,
          taxableCents: 3852,
          taxCents: 848,
          stampDutyCents: 0,
          fileName: october.invoice.fileName,
          test: false,
        },
        expect.objectContaining({ kind: "credit-note", number: "FT/3", date: "2026-11-10" }),
        expect.objectContaining({
          kind: "invoice",
          number: "FT/4",
          reference: november.reference,
          buyer: "Muster GmbH",
          treatment: "eu-business",
          natura: "N2.1",
          totalCents: 9000,
          taxCents: 0,
          stampDutyCents: 200,
        }),
      ]);
      const month = await page("?periodo=2026-11");
      expect(month.body.documents.map((doc) => doc.number)).toEqual(["FT/3", "FT/4"]);
      const byDefault = await page();
      expect(byDefault.body.period.key).toBe(quarterOf(new Date()).key);
      expect(byDefault.body.badPeriod).toBe(false);
    });

    it("Fatture: a malformed or huge period is said on the page, with the current quarter; no session goes to the sign-in", async () => {
      for (const periodo of ["2026-T5", "2026-13", "1999-T1", "26-T1", "<script>", "9".repeat(10_000), ""]) {
        const answered = await page(`?periodo=${encodeURIComponent(periodo)}`);
        expect(answered.status).toBe(400);
        expect(answered.body).toMatchObject({ badPeriod: true, period: { key: quarterOf(new Date()).key } });
      }
      const signedOut = await page("?periodo=2026-T4", { signedIn: false });
      expect(signedOut.status).toBe(302);
      expect(signedOut.response?.headers.get("location")).toBe(`/${ADMIN}`);
      expect((await answer(() => invoicesRoute.loader(args("not-the-admin/fatture")))).status).toBe(404);
    });

    it("Fatture: paid orders' requests still waiting, with the reason in Italian; neither an invoiced one nor an abandoned checkout's", async () => {
      const { october } = await seedQuarter();
      const order = async (paid: boolean) =>
        (
          await db()
            .insert(orders)
            .values({
              email: `asked-${crypto.randomUUID()}@example.com`,
              amountCents: 4700,
              provider: "test",
              livemode: true,
              ...(paid ? { status: "paid" as const, paidAt: new Date() } : { status: "expired" as const }),
            })
            .returning()
        )[0]!;
      const [first, second, abandoned] = [await order(true), await order(true), await order(false)];
      const buyer = { name: { first: "Maria", last: "Rossi" } };
      await db()
        .insert(invoiceRequests)
        .values([
          { orderId: october.orderId, buyerType: "business", buyer, via: "checkout" },
          {
            orderId: first.id,
            buyerType: "business",
            buyer: { name: { company: "Studio Verdi" } },
            via: "checkout",
            problem: "impostazioni fiscali incomplete (manca il regime IVA).",
            requestedAt: new Date("2026-11-25T10:00:00Z"),
          },
          {
            orderId: second.id,
            buyerType: "consumer",
            buyer,
            via: "success-page",
            requestedAt: new Date("2026-11-26T10:00:00Z"),
          },
          { orderId: abandoned.id, buyerType: "consumer", buyer, via: "checkout" },
        ]);
      const shown = (await page("?periodo=2026-T4")).body.waiting;
      expect(shown).toEqual([
        {
          reference: first.reference,
          requestedAt: "2026-11-25T10:00:00.000Z",
          buyerType: "business",
          buyer: "Studio Verdi",
          problem: "impostazioni fiscali incomplete (manca il regime IVA).",
        },
        {
          reference: second.reference,
          requestedAt: "2026-11-26T10:00:00.000Z",
          buyerType: "consumer",
          buyer: "Maria Rossi",
          problem: null,
        },
      ]);
      expect(ADMIN_INVOICES_COPY.waiting(shown[0]!.problem)).toBe(
        "In attesa: impostazioni fiscali incomplete (manca il regime IVA).",
      );
      expect(ADMIN_INVOICES_COPY.waiting(null)).toBe("In attesa di emissione.");
    });

    it("one XML file: the stored bytes exactly, as an attachment under its SDI name; any other name is not found", async () => {
      const { october } = await seedQuarter();
      const file = await xml(october.invoice.fileName);
      expect(file.status).toBe(200);
      expect(file.response!.headers.get("content-type")).toBe("application/xml");
      expect(file.response!.headers.get("content-disposition")).toBe(
        `attachment; filename="${october.invoice.fileName}"`,
      );
      expect(Buffer.from(await file.response!.arrayBuffer())).toEqual(
        Buffer.from(october.invoice.xml, "utf8"),
      );
      expect(await fatturaPaSchemaErrors(october.invoice.xml)).toEqual([]);
      for (const name of [
        "../../etc/passwd",
        `../${october.invoice.fileName}`,
        `${october.invoice.fileName}/..`,
        october.invoice.fileName.toLowerCase(),
        "IT12345678903_ZZZZZ.xml",
        `IT12345678903_00001.xml\u0000`,
        "x".repeat(10_000),
        "<script>alert(1)</script>.xml",
      ])
        expect((await xml(name)).status).toBe(404);
      expect((await xml(october.invoice.fileName, { signedIn: false })).status).toBe(401);
    });

    it("the period's ZIP: its files under their names and bytes, each valid against the XSD, and nothing of another period", async () => {
      const { september, october, november } = await seedQuarter();
      const answered = await zip("?periodo=2026-T4");
      expect(answered.status).toBe(200);
      expect(answered.response!.headers.get("content-type")).toBe("application/zip");
      expect(answered.response!.headers.get("content-disposition")).toBe(
        'attachment; filename="fatture-2026-T4.zip"',
      );
      const entries = unzipSync(new Uint8Array(await answered.response!.arrayBuffer()));
      const expected = [october.invoice, october.creditNote!, november.invoice];
      expect(Object.keys(entries).toSorted()).toEqual(expected.map((doc) => doc.fileName).toSorted());
      expect(Object.keys(entries)).not.toContain(september.invoice.fileName);
      for (const doc of expected) {
        const text = new TextDecoder().decode(entries[doc.fileName]);
        expect(text).toBe(doc.xml);
        expect(await fatturaPaSchemaErrors(text, doc.fileName)).toEqual([]);
      }
      // The same period gives the same archive.
      const again = await zip("?periodo=2026-T4");
      expect(Buffer.from(await again.response!.arrayBuffer())).toEqual(
        Buffer.from(await (await zip("?periodo=2026-T4")).response!.arrayBuffer()),
      );
      const september_ = unzipSync(
        new Uint8Array(await (await zip("?periodo=2026-09")).response!.arrayBuffer()),
      );
      expect(Object.keys(september_)).toEqual([september.invoice.fileName]);
    });

    it("the ZIP of an empty period is a page saying so; a malformed or huge period is refused in Italian; no session, no file", async () => {
      await seedQuarter();
      const empty = await zip("?periodo=2025-T1");
      expect(empty.status).toBe(404);
      expect(empty.response!.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const html = await empty.response!.text();
      expect(html).toContain(ADMIN_INVOICES_COPY.emptyZip("2025-T1"));
      expect(html).toContain(`href="/${ADMIN}/fatture?periodo=2025-T1"`);
      for (const periodo of [
        "",
        "2026-T0",
        "2026-Q4",
        "<script>",
        "9".repeat(100_000),
        "2026-T4&periodo=2026-T3",
      ]) {
        const refused = await zip(`?periodo=${encodeURIComponent(periodo)}`);
        expect(refused.status).toBe(400);
        expect(await refused.response!.text()).toBe(ADMIN_INVOICES_COPY.zipBadPeriod);
      }
      expect((await zip("")).status).toBe(400);
      expect((await zip("?periodo=2026-T4", { signedIn: false })).status).toBe(401);
      expect(
        (await answer(() => zipRoute.loader(args("not-the-admin/fatture.zip?periodo=2026-T4")))).status,
      ).toBe(404);
    });
  });
}
