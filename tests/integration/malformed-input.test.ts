import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../setup/databases.ts";
import { startSeededServer } from "../setup/seeded-server.ts";

const ADMIN_PATH = "malformed-admin-secret-0123";
const SUCCESS_PATH = "malformed-success-secret-0123";
const ADMIN_PASSWORD = "malformed-admin-password";

/**
 * Malformed input is the client's mistake: a 4xx, one warn line, no stack trace (issue 13,
 * item 12). Over HTTP on the built server, whose log the test reads.
 */
describe("malformed input", () => {
  let seeded: Awaited<ReturnType<typeof startSeededServer>>;
  let base: string;
  let cookie: string;
  beforeAll(async () => {
    seeded = await startSeededServer(testBackends()[0]!, { ADMIN_PATH, SUCCESS_PATH, ADMIN_PASSWORD });
    base = seeded.server.url;
    const signedIn = await fetch(`${base}/${ADMIN_PATH}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "sign-in", password: ADMIN_PASSWORD }),
      headers: { origin: base },
      redirect: "manual",
    });
    cookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;
  }, 60_000);
  afterAll(() => seeded.server.stop());

  /** The log lines written since `from`, parsed. */
  const logSince = (from: number) =>
    seeded.server
      .output()
      .slice(from)
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; msg: string });
  const expectNoStack = (from: number) => {
    const text = seeded.server.output().slice(from);
    expect(text).not.toContain('"stack"');
    expect(text).not.toMatch(/\n\s+at /);
    expect(logSince(from).filter((line) => line.level >= 50)).toEqual([]);
  };

  it.each([
    ["the checkout", () => "/checkout", false],
    ["the success page", () => `/${SUCCESS_PATH}`, false],
    ["the success page's JSON answers", () => `/${SUCCESS_PATH}/answer`, false],
    ["the admin sign-in", () => `/${ADMIN_PATH}`, false],
    ["an admin action", () => `/${ADMIN_PATH}`, true],
    ["the test payment page", () => "/pay/test/test_cs_seeded", false],
  ])("answers a JSON body to %s with a 4xx and a warn line", async (_name, path, signedIn) => {
    const from = seeded.server.output().length;
    const response = await fetch(`${base}${path()}`, {
      method: "POST",
      body: JSON.stringify({ intent: signedIn ? "refund" : "buy", email: "a@b.co" }),
      headers: { "content-type": "application/json", origin: base, ...(signedIn ? { cookie } : {}) },
      redirect: "manual",
    });
    expect(response.status).toBe(415);
    expect(logSince(from).some((line) => line.level === 40 && /not a form/.test(line.msg))).toBe(true);
    expectNoStack(from);
  });

  it.each([
    ["another site's form", "/checkout", { origin: "https://evil.example" }, 400],
    ["another site's data request", "/checkout.data", { origin: "https://evil.example" }, 400],
    ["a form with an origin that is no URL", "/checkout", { origin: "not a url" }, 400],
    ["a form to a page that takes none", "/blog", {}, 405],
    ["a data request to a page that takes no form", "/blog.data", {}, 405],
  ])("answers %s with a 4xx and one warn line", async (_name, path, headers, status) => {
    const from = seeded.server.output().length;
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "buy", email: "a@b.co" }),
      headers,
      redirect: "manual",
    });
    expect(response.status).toBe(status);
    await expect
      .poll(() => logSince(from).some((line) => line.level === 40 && /refused/.test(line.msg)))
      .toBe(true);
    expectNoStack(from);
  });

  it.each([
    ["the guarantee's reason", () => `/${SUCCESS_PATH}`, { intent: "refund", reason: "not\u0000for me" }],
    ["the checkout's address", () => "/checkout", { intent: "buy", email: "a\u0000@b.co", consent: "on" }],
    ["the checkout's code", () => "/checkout", { intent: "buy", email: "a@b.co", code: "X\u0007" }],
    ["an invoice request's name", () => `/${SUCCESS_PATH}`, { intent: "invoice", name: "great\u007f" }],
    ["the lost-link form", () => `/${SUCCESS_PATH}`, { intent: "lost-link", email: "great\u0085@b.co" }],
  ])(
    "refuses a control character in %s with 400 and a sentence, and logs neither text nor stack",
    async (_name, path, fields) => {
      const from = seeded.server.output().length;
      const response = await fetch(`${base}${path()}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { origin: base },
        redirect: "manual",
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Your text contains control characters (such as a NUL byte)");
      const refused = logSince(from).filter(
        (line) => line.msg === "form field with a control character refused",
      );
      expect(refused).toHaveLength(1);
      expect(seeded.server.output().slice(from)).not.toMatch(/not.for me|a.@b\.co|great/);
      expectNoStack(from);
    },
  );

  it("answers a broken multipart body with 400", async () => {
    const from = seeded.server.output().length;
    const response = await fetch(`${base}/checkout`, {
      method: "POST",
      body: "--x\r\nContent-Disposition: form-data; name=",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    expect(logSince(from).some((line) => line.level === 40 && line.msg === "malformed form body")).toBe(true);
    expectNoStack(from);
  });

  it.each(["Infinity", "-1", "1e999", "abc", "2.5", "99999999999999999999"])(
    "shows the first orders page for pagina=%s, and says why",
    async (page) => {
      const from = seeded.server.output().length;
      const response = await fetch(`${base}/${ADMIN_PATH}/ordini?pagina=${page}`, { headers: { cookie } });
      expect(response.status).toBe(200);
      // Page 1 is the page listing the one order.
      const html = (await response.text()).replaceAll("<!-- -->", "");
      expect(html).toContain("#1001");
      expect(html).toContain("Numero di pagina non valido: mostro la prima pagina.");
      expectNoStack(from);
    },
  );

  it.each([
    ["refund", { orderId: "not-a-uuid" }],
    ["resend", { orderId: "1001" }],
    ["link", { orderId: "'; drop table orders;--" }],
    ["retry-email", { emailId: "abc" }],
    ["retry-email", { emailId: "1e999" }],
  ])("refuses %s with a malformed id: 400", async (intent, ids) => {
    const from = seeded.server.output().length;
    const response = await fetch(`${base}/${ADMIN_PATH}`, {
      method: "POST",
      body: new URLSearchParams({ intent, ...ids }),
      headers: { origin: base, cookie },
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    expect(logSince(from).some((line) => line.level === 40 && /malformed id/.test(line.msg))).toBe(true);
    expectNoStack(from);
  });

  it("serves the order's evidence pack under the admin path to the signed-in admin only", async () => {
    const path = `/${ADMIN_PATH}/orders/${seeded.orderId}/evidence`;
    expect((await fetch(`${base}${path}`)).status).toBe(401);
    expect((await fetch(`${base}${path}.json`)).status).toBe(401);
    expect(
      (await fetch(`${base}/not-the-admin-path/orders/${seeded.orderId}/evidence`, { headers: { cookie } }))
        .status,
    ).toBe(404);

    const page = await fetch(`${base}${path}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(await page.text()).toContain("Prove di consegna: ordine #1001");
    const json = await fetch(`${base}${path}.json`, { headers: { cookie } });
    expect(json.status).toBe(200);
    expect(json.headers.get("cache-control")).toBe("no-store");
    expect((await json.json()).payment).toMatchObject({ number: 1001, status: "paid" });

    // The order's page links to it.
    const reference = (await (await fetch(`${base}${path}.json`, { headers: { cookie } })).json()).payment
      .reference;
    expect(
      await (await fetch(`${base}/${ADMIN_PATH}/ordini/${reference}`, { headers: { cookie } })).text(),
    ).toContain(`href="${path}"`);
  });
});
