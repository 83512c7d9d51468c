import { describe, expect, it } from "vitest";
import { deliveryProblems, deliveryWarnings, reachablePublicUrl } from "#app/lib/admin/go-live.ts";

const live = {
  PAYMENTS: "stripe" as const,
  SMTP_URL: "smtp://mail.shop.example:587",
  PUBLIC_URL: "https://shop.example",
};

describe("what a live store's configuration keeps from buyers", () => {
  it("finds nothing in a live store with SMTP and an https address, nor in test mode", () => {
    expect(deliveryProblems(live)).toEqual([]);
    expect(
      deliveryProblems({ PAYMENTS: "test", SMTP_URL: undefined, PUBLIC_URL: "http://localhost:3000" }),
    ).toEqual([]);
  });

  it("says buyers receive no e-mail without SMTP_URL", () => {
    expect(deliveryProblems({ ...live, SMTP_URL: undefined })).toEqual(["mail"]);
    expect(deliveryWarnings({ ...live, SMTP_URL: undefined })).toEqual([
      "Warning: SMTP_URL is not set, so buyers receive no e-mail (each is only written to DATA_DIR/mail).",
    ]);
  });

  it("says an address that is not https, or is this machine, reaches no buyer", () => {
    for (const url of [
      "http://shop.example",
      "https://localhost:3000",
      "https://127.0.0.1",
      "https://[::1]:8443",
      "https://shop.localhost",
      "https://0.0.0.0",
    ]) {
      expect(reachablePublicUrl(url), url).toBe(false);
      expect(deliveryProblems({ ...live, PUBLIC_URL: url }), url).toEqual(["publicUrl"]);
    }
    expect(reachablePublicUrl("https://localhost-coaching.example")).toBe(true);
    expect(
      deliveryWarnings({ ...live, SMTP_URL: undefined, PUBLIC_URL: "http://shop.example" }),
    ).toHaveLength(2);
  });
});
