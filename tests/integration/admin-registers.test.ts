/**
 * Registri and its CSV files as the owner, and anyone else, reaches them: guarded like every admin
 * page, the period and register from the URL checked (malformed, HTML, huge), amounts in euro per
 * regime, the takings and the OSS lines, files Excel reads, and the same file however many ask at once.
 */
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { REGISTERS_COPY } from "#app/content/admin-registers.ts";
import { saveFiscalSettings, storedFiscalSettings } from "#app/lib/books/fiscal-settings.server.ts";
import { quarterOf } from "#app/lib/books/period.ts";
import { clientIpContext, servicesContext } from "#app/lib/router-context.ts";
import { signInCookie } from "#app/routes/admin/guard.server.ts";
import * as registersRoute from "#app/routes/admin/registers.tsx";
import * as registersCsvRoute from "#app/routes/admin/registers-csv.ts";
import { orders } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const ORIGIN = "http://shop.test";
const ADMIN = "admin-registers-secret-0123456789";

/** What a loader answered, thrown or returned: a Response, or React Router's data() with its status. */
async function answer(
  run: () => Promise<unknown>,
): Promise<{ status: number; body: unknown; response?: Response }> {
  try {
    const result = await run();
    if (result instanceof Response) return { status: result.status, body: null, response: result };
    return { status: 200, body: result };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: null, response: thrown };
    const init = thrown as { data: unknown; init: { status?: number } | null };
    if (init && typeof init === "object" && "init" in init)
      return { status: init.init?.status ?? 500, body: init.data };
    throw thrown;
  }
}

type PageData = Awaited<ReturnType<typeof registersRoute.loader>>;

for (const backend of testBackends()) {
  describe(`Registri on ${backend.name}`, () => {
    let services: TestServices;
    let cookie: string;
    beforeEach(async () => {
      services = await testServices(backend, {
        ADMIN_PATH: ADMIN,
        ECB_RATES_URL: "http://127.0.0.1:9/eurofxref-hist-90d.xml",
      });
      cookie = (await signInCookie(services, new Request(ORIGIN))).split(";")[0]!;
      await saveFiscalSettings(services.database.db, storedFiscalSettings.parse({ regime: "ordinario" }));
    });
    afterEach(() => services.dispose());
    afterAll(() => backend.cleanup());

    const args = (path: string, signedIn = true, secret = ADMIN) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(clientIpContext, "198.51.100.1");
      const request = new Request(`${ORIGIN}/${path}`, { headers: signedIn ? { cookie } : {} });
      return {
        request,
        context,
        params: { secret },
        unstable_pattern: "",
        url: new URL(request.url),
      } as never;
    };
    const page = async (query: string) => {
      const result = await answer(() => registersRoute.loader(args(`${ADMIN}/registri${query}`)));
      expect(result.status).toBe(200);
      return result.body as PageData;
    };
    const csv = (query: string, signedIn = true, secret = ADMIN) =>
      answer(() => registersCsvRoute.loader(args(`${secret}/registri.csv${query}`, signedIn, secret)));
    /** Sales paid in euro in the third quarter of 2026, in Rome's summer time. */
    const sell = (sales: { country: string | null; cents?: number; at: string }[]) =>
      services.database.db.insert(orders).values(
        sales.map((sale, i) => ({
          email: `buyer${i}@example.com`,
          amountCents: sale.cents ?? 4700,
          currency: "eur",
          provider: "test",
          livemode: true,
          status: "paid" as const,
          country: sale.country,
          paidAt: new Date(`${sale.at}+02:00`),
        })),
      );

    it("shows the quarter's totals per regime, the takings and the OSS lines, in euro", async () => {
      await sell([
        { country: "IT", at: "2026-07-10T10:00:00" },
        { country: "IT", at: "2026-07-10T18:00:00" },
        { country: "DE", at: "2026-08-01T10:00:00" },
        { country: "US", at: "2026-09-30T23:59:00" },
        // Midnight in Rome: the fourth quarter's.
        { country: "FR", at: "2026-10-01T00:00:00" },
      ]);
      const data = await page("?periodo=2026-T3");
      expect(data.period).toEqual({ key: "2026-T3", label: "3º trimestre 2026", lastDay: "2026-09-30" });
      expect(data.problems).toEqual([]);
      expect(
        data.summary.map((row) => [row.label, row.sales, row.salesCents, row.taxableCents, row.taxCents]),
      ).toEqual([
        ["Consumatore italiano", 2, 9400, 7704, 1696],
        ["Consumatore UE (OSS)", 1, 4700, 3950, 750],
        ["Consumatore fuori UE", 1, 4700, 4700, 0],
      ]);
      expect(data.takings).toEqual([
        {
          day: "2026-07-10",
          ratePercent: 22,
          sales: 2,
          totalCents: 9400,
          taxableCents: 7704,
          taxCents: 1696,
        },
      ]);
      expect(data.oss.lines).toEqual([{ country: "DE", ratePercent: 19, taxableCents: 3950, taxCents: 750 }]);
      expect(data.oss.total).toEqual({ taxableCents: 3950, taxCents: 750 });
      // The chooser offers the period asked for, however old.
      expect(data.choices.map((choice) => choice.key)).toContain("2026-T3");
    });

    it("a flat-rate seller records consumers' sales in the takings without VAT, and no OSS lines", async () => {
      await saveFiscalSettings(services.database.db, storedFiscalSettings.parse({ regime: "forfettario" }));
      await sell([
        { country: "IT", at: "2026-07-10T10:00:00" },
        { country: "FR", at: "2026-07-10T11:00:00" },
      ]);
      const data = await page("?periodo=2026-07");
      expect(data.summary.map((row) => [row.label, row.sales, row.taxableCents, row.taxCents])).toEqual([
        ["Forfettario", 2, 9400, 0],
      ]);
      expect(data.takings).toEqual([
        { day: "2026-07-10", ratePercent: 0, sales: 2, totalCents: 9400, taxableCents: 9400, taxCents: 0 },
      ]);
      expect(data.oss.lines).toEqual([]);
    });

    it("below the EU threshold, an EU consumer pays Italian VAT and goes in the takings, not the OSS", async () => {
      await saveFiscalSettings(
        services.database.db,
        storedFiscalSettings.parse({ regime: "ordinario", euConsumerSalesAboveThreshold: false }),
      );
      await sell([{ country: "DE", at: "2026-07-10T10:00:00" }]);
      const data = await page("?periodo=2026-07");
      expect(data.summary.map((row) => row.label)).toEqual(["Consumatore UE, IVA italiana (sotto soglia)"]);
      expect(data.takings).toEqual([
        { day: "2026-07-10", ratePercent: 22, sales: 1, totalCents: 4700, taxableCents: 3852, taxCents: 848 },
      ]);
      expect(data.oss.lines).toEqual([]);
    });

    it("shows the current quarter without a period, and says so for a malformed, HTML or huge one", async () => {
      const current = quarterOf(new Date()).key;
      expect((await page("")).period.key).toBe(current);
      expect((await page("")).notices).toEqual([]);
      for (const asked of ["2026-13", "2026-T5", "<script>alert(1)</script>", "9".repeat(20_000), ""]) {
        const data = await page(`?periodo=${encodeURIComponent(asked)}`);
        expect(data.period.key).toBe(current);
        expect(data.notices).toEqual([REGISTERS_COPY.badPeriod(asked)]);
        // The notice quotes at most 40 characters of what was asked.
        expect(data.notices[0]!.length).toBeLessThan(200);
      }
    });

    it("says a sale without country is unknown and the registers are not final, without a regime set too", async () => {
      await saveFiscalSettings(services.database.db, storedFiscalSettings.parse({}));
      await sell([{ country: null, at: "2026-08-01T10:00:00" }]);
      const data = await page("?periodo=2026-08");
      expect(data.problems).toEqual([
        REGISTERS_COPY.problems.noRegime,
        REGISTERS_COPY.problems.unknownCountry(1),
      ]);
      expect(data.summary).toEqual([
        expect.objectContaining({
          label: "Paese sconosciuto",
          sales: 1,
          salesCents: 4700,
          taxableCents: null,
          taxCents: null,
        }),
      ]);
    });

    it("sends the page's visitor without a session to the sign-in, and answers 404 on another path", async () => {
      const signedOut = await answer(() => registersRoute.loader(args(`${ADMIN}/registri`, false)));
      expect(signedOut.status).toBe(302);
      expect(signedOut.response?.headers.get("location")).toBe(`/${ADMIN}`);
      const wrong = await answer(() =>
        registersRoute.loader(args("not-the-admin/registri", true, "not-the-admin")),
      );
      expect(wrong.status).toBe(404);
    });

    it("refuses the CSV without a session (401), on another path (404), and with a malformed period or register (400)", async () => {
      expect((await csv("?periodo=2026-T3&registro=vendite", false)).status).toBe(401);
      expect((await csv("?periodo=2026-T3&registro=vendite", true, "forged-path")).status).toBe(404);
      for (const query of [
        "",
        "?registro=vendite",
        "?periodo=2026-T9&registro=vendite",
        `?periodo=${"1".repeat(50_000)}&registro=oss`,
        "?periodo=%3Cb%3E2026-T3&registro=oss",
      ])
        expect(await csv(query)).toMatchObject({ status: 400, body: { error: REGISTERS_COPY.csvBadPeriod } });
      for (const register of ["", "VENDITE", "ordini", "<script>"])
        expect(await csv(`?periodo=2026-T3&registro=${encodeURIComponent(register)}`)).toMatchObject({
          status: 400,
          body: { error: REGISTERS_COPY.csvBadRegister },
        });
    });

    it("writes the three registers as files Excel reads, huge amounts whole and forged text neutralised", async () => {
      await sell([
        { country: "IT", at: "2026-07-10T10:00:00", cents: 2_147_483_647 },
        { country: "=HYPERLINK(1)", at: "2026-07-11T10:00:00" },
        { country: "DE", at: "2026-07-12T10:00:00" },
      ]);
      const file = async (register: string, sep = "") => {
        const { status, response } = await csv(`?periodo=2026-T3&registro=${register}${sep}`);
        expect(status).toBe(200);
        expect(response!.headers.get("content-type")).toBe("text/csv; charset=utf-8");
        expect(response!.headers.get("cache-control")).toBe("no-store");
        // Decoded keeping the BOM, which Response.text() would drop.
        const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response!.arrayBuffer());
        return { text, disposition: response!.headers.get("content-disposition") };
      };
      const sales = await file("vendite");
      expect(sales.disposition).toBe('attachment; filename="registro-vendite-2026-T3.csv"');
      expect(sales.text.startsWith("\uFEFF")).toBe(true);
      const lines = sales.text.slice(1).split("\r\n");
      expect(lines[0]).toBe(
        '"Data","Operazione","Riferimento ordine","Documento","Tipo acquirente","Paese","Regime","Importo addebitato","Valuta","Cambio BCE (per 1 EUR)","Giorno del cambio","Totale (EUR)","Imponibile (EUR)","IVA (EUR)","Aliquota (%)","Natura"',
      );
      expect(lines[1]).toMatch(
        /^"2026-07-10","vendita","LCT-[0-9A-F]{10}","","consumatore","IT","Consumatore italiano","21474836\.47","EUR","","","21474836\.47","17602324\.98","3872511\.49","22",""$/,
      );
      expect(lines[2]).toContain(`"'=HYPERLINK(1)","Consumatore fuori UE"`);
      expect(lines).toHaveLength(5);

      const takings = await file("corrispettivi", "&sep=semicolon");
      expect(takings.disposition).toBe('attachment; filename="registro-corrispettivi-2026-T3-excel.csv"');
      expect(takings.text.slice(1).split("\r\n").slice(0, 2)).toEqual([
        '"Giorno";"Vendite";"Aliquota (%)";"Totale (EUR)";"Imponibile (EUR)";"IVA (EUR)"',
        '"2026-07-10";"1";"22";"21474836,47";"17602324,98";"3872511,49"',
      ]);
      const oss = await file("oss");
      expect(oss.text.slice(1).split("\r\n")).toEqual([
        '"Stato membro","Aliquota (%)","Imponibile (EUR)","IVA (EUR)"',
        '"DE","19","39.50","7.50"',
        '"Totale","","39.50","7.50"',
        "",
      ]);

      // Ten owners' tabs at once get the same file.
      const texts = await Promise.all(Array.from({ length: 10 }, () => file("vendite").then((f) => f.text)));
      expect(new Set(texts).size).toBe(1);
    });
  });
}
