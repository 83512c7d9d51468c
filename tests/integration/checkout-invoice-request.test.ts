/**
 * The checkout's invoice section: the order is created only with a request that can be issued as
 * typed, recorded with the order; a refused one comes back as the page, open, with what was typed
 * and each error next to its field.
 */
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { servicesContext } from "#app/lib/router-context.ts";
import * as checkout from "#app/routes/checkout.tsx";
import { invoiceRequests, orders } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { startSeededServer } from "../setup/seeded-server.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const BUY = { intent: "buy", email: "buyer@example.it", consent: "on" };
const BUSINESS = {
  buyerType: "business",
  company: "Coaching Srl",
  street: "Via Dante 5",
  postcode: "00184",
  city: "Roma",
  province: "RM",
  country: "IT",
  vatNumber: "02313821007",
  recipientCode: "M5UXCR1",
};
const PERSON = {
  buyerType: "consumer",
  firstName: "Mario",
  lastName: "Rossi",
  street: "Via Roma 1",
  postcode: "20121",
  city: "Milano",
  province: "MI",
  country: "IT",
  codiceFiscale: "RSSMRA85T10A562S",
};

type Refused = {
  data: {
    field?: string;
    email: string;
    invoice: { values: Record<string, string>; errors: Record<string, string> };
  };
  init: { status: number };
};

for (const backend of testBackends()) {
  describe(`the checkout's invoice request on ${backend.name}`, () => {
    let services: TestServices;
    beforeEach(async () => {
      services = await testServices(backend);
      await seedProduct(services);
    });
    afterEach(() => services.dispose());
    afterAll(() => backend.cleanup());

    const post = (fields: Record<string, string>) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      const request = new Request("http://shop.test/checkout", {
        method: "POST",
        body: new URLSearchParams(fields),
      });
      return checkout.action({
        request,
        context,
        params: {},
        unstable_pattern: "",
        url: new URL(request.url),
      } as never);
    };
    const db = () => services.database.db;

    it("creates the order with its invoice request when the buyer asked for one", async () => {
      const answer = (await post({ ...BUY, ...BUSINESS })) as Response;
      expect(answer.status).toBe(303);
      const [order] = await db().select().from(orders);
      expect(await db().select().from(invoiceRequests)).toMatchObject([
        {
          orderId: order!.id,
          via: "checkout",
          buyerType: "business",
          buyer: { name: { company: "Coaching Srl" }, vatNumber: "IT02313821007" },
        },
      ]);
    });

    it("asks for no invoice when the buyer left the section on 'No invoice', whatever else was typed", async () => {
      const answer = (await post({ ...BUY, ...PERSON, buyerType: "" })) as Response;
      expect(answer.status).toBe(303);
      expect(await db().select().from(orders)).toHaveLength(1);
      expect(await db().select().from(invoiceRequests)).toEqual([]);
    });

    it("creates no order for a request with a wrong codice fiscale, and gives back what was typed with the error", async () => {
      const refused = (await post({ ...BUY, ...PERSON, codiceFiscale: "rssmra85t10a562t" })) as Refused;
      expect(refused.init.status).toBe(400);
      expect(refused.data).toMatchObject({
        field: "invoice",
        email: "buyer@example.it",
        invoice: {
          values: { ...PERSON, codiceFiscale: "rssmra85t10a562t" },
          errors: {
            codiceFiscale:
              "This tax code (codice fiscale) is not valid: its last letter does not match. Check for a typo.",
          },
        },
      });
      expect(await db().select().from(orders)).toEqual([]);
    });

    it("refuses huge, forged and hostile invoice fields with a sentence, creating nothing", async () => {
      const huge = (await post({ ...BUY, ...BUSINESS, company: "C".repeat(50_000) })) as Refused;
      expect(huge.init.status).toBe(400);
      expect(huge.data.invoice.errors.company).toMatch(/at most 80 characters/);
      expect(huge.data.invoice.values.company).toHaveLength(201);
      const forged = (await post({ ...BUY, ...BUSINESS, buyerType: "<script>" })) as Refused;
      expect(forged.data.invoice.errors.buyerType).toBe(
        "Choose whether the invoice is for a business or a private person.",
      );
      const country = (await post({ ...BUY, ...BUSINESS, country: "ZZ" })) as Refused;
      expect(country.data.invoice.errors.country).toBe("Choose your country from the list.");
      expect(await db().select().from(orders)).toEqual([]);
    });

    it("keeps the invoice section as typed when the e-mail is what is wrong", async () => {
      const refused = (await post({ ...BUY, email: "nope", ...PERSON })) as Refused;
      expect(refused.data.field).toBe("email");
      expect(refused.data.invoice.values).toEqual(PERSON);
    });
  });
}

describe("the checkout's invoice section as the browser gets it", () => {
  const backend = testBackends()[0]!;
  let seeded: Awaited<ReturnType<typeof startSeededServer>>;
  beforeAll(async () => {
    seeded = await startSeededServer(backend);
  });
  afterAll(async () => {
    await seeded.server.stop();
    await backend.cleanup();
  });

  it("is collapsed, labelled, with autocomplete on every address field and Italy first", async () => {
    const html = await (await fetch(`${seeded.server.url}/checkout`)).text();
    expect(html).toMatch(
      /<details[^>]*data-invoice-request[^>]*>\s*<summary[^>]*>I need an invoice \(business or private\)<\/summary>/,
    );
    expect(html).not.toMatch(/<details[^>]*open/);
    for (const [name, autocomplete] of [
      ["company", "organization"],
      ["firstName", "given-name"],
      ["lastName", "family-name"],
      ["street", "address-line1"],
      ["postcode", "postal-code"],
      ["city", "address-level2"],
      ["province", "address-level1"],
    ]) {
      const input = html.match(new RegExp(`<input[^>]*id="invoice-${name}"[^>]*>`))?.[0] ?? "";
      expect(input).toContain(`name="${name}"`);
      expect(input.toLowerCase()).toContain(`autocomplete="${autocomplete}"`);
    }
    const select = html.match(/<select[^>]*id="invoice-country"[^>]*>\s*<option[^>]*>[^<]*/)?.[0] ?? "";
    expect(select).toContain('name="country"');
    expect(select.toLowerCase()).toContain('autocomplete="country"');
    expect(select).toMatch(/<option value="IT" selected="">Italy$/);
    const radios = html.match(/<input[^>]*name="buyerType"[^>]*>/g) ?? [];
    expect(radios.map((radio) => [radio.match(/value="([^"]*)"/)?.[1], radio.includes("checked")])).toEqual([
      ["", true],
      ["consumer", false],
      ["business", false],
    ]);
  });

  it("comes back open after a refusal, with the error next to its field and HTML shown as text", async () => {
    const response = await fetch(`${seeded.server.url}/checkout`, {
      method: "POST",
      body: new URLSearchParams({
        ...BUY,
        ...PERSON,
        lastName: "<b>Rossi</b>",
        codiceFiscale: "RSSMRA85T10A562T",
      }),
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/<details[^>]*open=""/);
    expect(html).toMatch(
      /id="invoice-codiceFiscale"[^>]*value="RSSMRA85T10A562T"[\s\S]*?id="invoice-codiceFiscale-error"[^>]*>This tax code \(codice fiscale\) is not valid/,
    );
    expect(html).toContain('value="&lt;b&gt;Rossi&lt;/b&gt;"');
    expect(html).not.toContain("<b>Rossi</b>");
  });
});
