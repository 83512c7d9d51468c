import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogSlugs } from "#app/content/blog-slugs.ts";
import { type RunningServer, startServer } from "../setup/server.ts";

/** A seller whose every field needs escaping in HTML, and the optional REA and PEC. */
const SELLER = {
  SELLER_NAME: `Rossi & "Figli" <Coaching> Srl`,
  SELLER_ADDRESS: "Via Roma 1, 20121 Milano, Italy",
  SELLER_VAT_ID: "it 123 456 789 03",
  SELLER_REA: "MI-1234567",
  SELLER_PEC: "rossi@pec.example.it",
};
const LINE = `Rossi & "Figli" <Coaching> Srl, Via Roma 1, 20121 Milano, Italy · VAT ID IT12345678903 · REA MI-1234567 · PEC rossi@pec.example.it`;
const LINE_IN_HTML = LINE.replaceAll("&", "&amp;")
  .replaceAll('"', "&quot;")
  .replaceAll("<", "&lt;")
  .replaceAll(">", "&gt;");

const slug = blogSlugs()[0]!;

describe("a live store names its seller", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      ...SELLER,
      STRIPE_SECRET_KEY: "sk_test_seller",
      STRIPE_WEBHOOK_SECRET: "whsec_seller",
      // Nothing here calls Stripe; an address that answers nothing makes sure of it.
      STRIPE_API_BASE: "http://127.0.0.1:9",
    });
  });
  afterAll(() => server.stop());

  const text = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    return { status: response.status, body: await response.text() };
  };

  it.each(["/", "/blog", `/blog/${slug}`, "/terms", "/privacy", "/checkout", "/no-such-page"])(
    "in the footer of %s, escaped, with no placeholder left",
    async (path) => {
      const { body } = await text(path);
      expect(body).toContain(`Sold by ${LINE_IN_HTML}</p>`);
      expect(body).not.toContain("<Coaching>");
      expect(body).not.toContain("placeholder.invalid");
      expect(body).not.toContain("not set (test mode)");
    },
  );

  it("as the seller in the terms and as the data controller in the privacy policy", async () => {
    expect((await text("/terms")).body).toContain(`The toolkit is sold by ${LINE_IN_HTML}.`);
    expect((await text("/privacy")).body).toContain(
      `The controller of your personal data is the seller, ${LINE_IN_HTML}.`,
    );
  });

  it.each(["/_.data", "/terms.data", "/privacy.data", "/blog.data"])(
    "in the page data a client-side navigation reads (%s), as the same line",
    async (path) => {
      const { status, body } = await text(path);
      expect(status).toBe(200);
      expect(JSON.parse(body)).toContain(LINE);
      expect(body).not.toContain("placeholder.invalid");
    },
  );
});

describe("a test-mode store without the seller's settings", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ PAYMENTS: "test" });
  });
  afterAll(() => server.stop());

  it.each(["/", "/terms", "/privacy", "/checkout"])(
    "marks the missing seller on %s as test mode's",
    async (path) => {
      const body = await (await fetch(`${server.url}${path}`)).text();
      expect(body).toContain(
        "Sold by Seller name not set (test mode), address not set (test mode) · VAT ID not set (test mode)</p>",
      );
    },
  );
});
