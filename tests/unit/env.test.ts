import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv, paymentMode } from "#app/lib/env.server.ts";
import { sellerLine, sellerOf } from "#app/lib/seller.server.ts";
import { TEST_SELLER, TEST_SELLER_LINE } from "../setup/seller.ts";

describe("parseEnv", () => {
  it("gives the documented defaults for an empty environment", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      PUBLIC_URL: "http://localhost:3000",
      DATA_DIR: "./data",
      MAX_UPLOAD_BYTES: 2 * 1024 ** 3,
      LOG_LEVEL: "info",
      SUPPORT_EMAIL: "support@localhost",
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it("reads STRIPE_TAX (off by default) and RECONCILE_INTERVAL_S (900 s, 0 turns it off)", () => {
    expect(parseEnv({})).toMatchObject({ STRIPE_TAX: false, RECONCILE_INTERVAL_S: 900 });
    expect(parseEnv({ STRIPE_TAX: "on", RECONCILE_INTERVAL_S: "0" })).toMatchObject({
      STRIPE_TAX: true,
      RECONCILE_INTERVAL_S: 0,
    });
    expect(parseEnv({ STRIPE_TAX: "off", RECONCILE_INTERVAL_S: "60" }).STRIPE_TAX).toBe(false);
    for (const bad of [
      { STRIPE_TAX: "maybe" },
      { RECONCILE_INTERVAL_S: "5" },
      { RECONCILE_INTERVAL_S: "-1" },
    ]) {
      expect(() => parseEnv(bad)).toThrow(ConfigError);
    }
    expect(() => parseEnv({ RECONCILE_INTERVAL_S: "5" })).toThrow(
      /RECONCILE_INTERVAL_S: 0 \(off\) or 60 to 86400 seconds/,
    );
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: " ", TOKEN_SECRET: "" })).toMatchObject({ PORT: 3000 });
  });

  it("derives PUBLIC_URL from PORT and the support address from PUBLIC_URL", () => {
    expect(parseEnv({ PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
    expect(parseEnv({ PUBLIC_URL: "https://shop.example.com/", PAYMENTS: "test" })).toMatchObject({
      PUBLIC_URL: "https://shop.example.com",
      SUPPORT_EMAIL: "support@shop.example.com",
    });
  });

  it("splits TOKEN_SECRET for rotation", () => {
    const a = "a".repeat(32);
    const b = "b".repeat(40);
    expect(parseEnv({ TOKEN_SECRET: `${a}, ${b}` }).TOKEN_SECRET).toEqual([a, b]);
  });

  it("still takes TOKEN_SECRET under its old name, SESSION_SECRET, with a deprecation line", () => {
    const secret = "o".repeat(32);
    const env = parseEnv({ SESSION_SECRET: secret });
    expect(env.TOKEN_SECRET).toEqual([secret]);
    expect(env.deprecations).toEqual([
      expect.stringMatching(/SESSION_SECRET is deprecated: rename it TOKEN_SECRET/),
    ]);
    expect(parseEnv({ TOKEN_SECRET: secret }).deprecations).toEqual([]);
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrowError(/SESSION_SECRET: /);
  });

  it.each([
    ["PORT", "70000"],
    ["PORT", "abc"],
    ["DATABASE_URL", "mysql://x"],
    ["PUBLIC_URL", "ftp://x"],
    ["STRIPE_SECRET_KEY", "pk_test_123"],
    ["SMTP_URL", "http://mail"],
    ["SUPPORT_EMAIL", "not-an-address"],
    ["ADMIN_PATH", "short"],
    ["ADMIN_PATH", "../../etc/passwd-long-enough"],
    ["ADMIN_PASSWORD", "tooshort"],
    ["TOKEN_SECRET", "short"],
    ["MAX_UPLOAD_BYTES", "-1"],
    ["LOG_LEVEL", "loud"],
    ["TRUST_PROXY", "true"],
    ["TRUST_PROXY", "0"],
    ["TRUST_PROXY", "nginx"],
    ["TRUST_PROXY", "10.0.0.0/33"],
    ["BODY_TIMEOUT_SECONDS", "0"],
    ["IDLE_TIMEOUT_SECONDS", "soon"],
  ])("rejects %s=%s naming the variable", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrowError(new RegExp(`${name}: `));
    expect(() => parseEnv({ [name]: value })).toThrowError(ConfigError);
  });

  it("reports every invalid variable at once, one line each", () => {
    expect(() => parseEnv({ PORT: "abc", ADMIN_PATH: "short", LOG_LEVEL: "loud" })).toThrowError(
      /^Invalid configuration:\n {2}PORT: a port number from 1 to 65535\n {2}ADMIN_PATH: .+\n {2}LOG_LEVEL: .+$/,
    );
  });

  it("never takes test payments on an https address unless PAYMENTS=test says so", () => {
    const https = { PUBLIC_URL: "https://shop.example.com" };
    expect(() => parseEnv(https)).toThrowError(/PAYMENTS: PUBLIC_URL is https but no STRIPE_SECRET_KEY/);
    expect(parseEnv({ ...https, PAYMENTS: "test" }).PAYMENTS).toBe("test");
    expect(parseEnv({}).PAYMENTS).toBe("test");
    const stripe = { STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc", ...TEST_SELLER };
    expect(parseEnv({ ...https, ...stripe }).PAYMENTS).toBe("stripe");
    expect(() => parseEnv({ PAYMENTS: "stripe" })).toThrowError(
      /STRIPE_SECRET_KEY: required when PAYMENTS=stripe/,
    );
    expect(() => parseEnv({ ...stripe, PAYMENTS: "test" })).toThrowError(/PAYMENTS: 'test' while/);
  });

  it("names the payment mode in words for the start-up lines", () => {
    expect(paymentMode({ PAYMENTS: "test" })).toMatch(/^TEST MODE: no card is charged/);
    expect(paymentMode({ PAYMENTS: "stripe", STRIPE_SECRET_KEY: "sk_live_x" })).toMatch(/live: real cards/);
    expect(paymentMode({ PAYMENTS: "stripe", STRIPE_SECRET_KEY: "sk_test_x" })).toMatch(/test cards only/);
  });

  it("believes X-Forwarded-For from nobody by default, from a number of hops, or from listed proxies", () => {
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.2, 172.16.0.0/12, ::1, loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.2",
      "172.16.0.0/12",
      "::1",
      "loopback",
    ]);
    expect(() => parseEnv({ TRUST_PROXY: "yes" })).toThrowError(
      /TRUST_PROXY: the number of proxies in front of the store \(1 behind nginx\) or a comma-separated list/,
    );
  });

  it("requires the webhook secret with a Stripe key, and S3 credentials with a bucket", () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_abc" })).toThrowError(/STRIPE_WEBHOOK_SECRET/);
    expect(() => parseEnv({ S3_BUCKET: "products" })).toThrowError(/S3_ACCESS_KEY_ID/);
  });
});

describe("the seller's settings", () => {
  const stripe = { STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" };

  it("keeps a live store from starting without the seller's name, address and VAT number, in one line naming them", () => {
    expect(() => parseEnv(stripe)).toThrowError(
      /^Invalid configuration:\n {2}SELLER_NAME, SELLER_ADDRESS, SELLER_VAT_ID: required when STRIPE_SECRET_KEY is set/,
    );
    const { SELLER_ADDRESS: _address, ...withoutAddress } = TEST_SELLER;
    expect(() => parseEnv({ ...stripe, ...withoutAddress })).toThrowError(
      /^Invalid configuration:\n {2}SELLER_ADDRESS: required when STRIPE_SECRET_KEY is set[^\n]*$/,
    );
    expect(() => parseEnv({ ...stripe, ...TEST_SELLER, SELLER_VAT_ID: " " })).toThrowError(
      /SELLER_VAT_ID: required/,
    );
    expect(parseEnv({ ...stripe, ...TEST_SELLER }).PAYMENTS).toBe("stripe");
  });

  it("names the seller in one line, and marks what a test-mode store lacks as a placeholder", () => {
    expect(sellerLine(sellerOf(parseEnv(TEST_SELLER)))).toBe(TEST_SELLER_LINE);
    expect(
      sellerLine(sellerOf(parseEnv({ ...TEST_SELLER, SELLER_REA: "MI-1234567", SELLER_PEC: "shop@pec.it" }))),
    ).toBe(`${TEST_SELLER_LINE} · REA MI-1234567 · PEC shop@pec.it`);
    expect(sellerLine(sellerOf(parseEnv({})))).toBe(
      "Seller name not set (test mode), address not set (test mode) · VAT ID not set (test mode)",
    );
  });

  it("takes an Italian VAT number with its check digit, with or without IT and spaces, and refuses others", () => {
    for (const given of ["IT12345678903", "12345678903", "it 123 456 789 03", "IT01234567897"]) {
      expect(parseEnv({ SELLER_VAT_ID: given }).SELLER_VAT_ID, given).toMatch(/^IT\d{11}$/);
    }
    expect(parseEnv({ SELLER_VAT_ID: "it 123 456 789 03" }).SELLER_VAT_ID).toBe("IT12345678903");
    for (const bad of [
      "IT12345678901",
      "1234567890",
      "123456789031",
      "DE123456789",
      "IT1234567890A",
      "<b>",
    ]) {
      expect(() => parseEnv({ SELLER_VAT_ID: bad }), bad).toThrowError(
        /SELLER_VAT_ID: an Italian VAT number \(partita IVA\): 11 digits, optionally after IT/,
      );
    }
  });

  it("refuses a seller's name or address on several lines or past its length, a malformed REA or PEC", () => {
    expect(() => parseEnv({ SELLER_NAME: "Shop\r\nBcc: x@y.z" })).toThrowError(/SELLER_NAME: one line/);
    expect(() => parseEnv({ SELLER_ADDRESS: "a".repeat(301) })).toThrowError(/SELLER_ADDRESS: at most 300/);
    expect(() => parseEnv({ SELLER_REA: "1234567" })).toThrowError(/SELLER_REA: a REA number/);
    expect(() => parseEnv({ SELLER_PEC: "not-an-address" })).toThrowError(/SELLER_PEC/);
    expect(parseEnv({ SELLER_NAME: ' Rossi & "Figli" <Srl> ' }).SELLER_NAME).toBe('Rossi & "Figli" <Srl>');
  });
});
