import { describe, expect, it } from "vitest";
import { deliveryEmail } from "#app/lib/mail/delivery-email.ts";

const message = deliveryEmail("buyer@example.com", {
  reference: "LCT-3F9A0C21B7",
  amountCents: 3525,
  discountApplied: true,
  paidAt: "2026-11-22T10:00:00.000Z",
  link: "https://shop.test/thank-you?t=abc&x=1",
  supportEmail: "help@shop.test",
});

describe("the delivery e-mail", () => {
  it("is an HTML document with a head, its charset and the subject as its title", () => {
    expect(message.html).toMatch(
      /^<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>([^<]+)<\/title><\/head><body/,
    );
    expect(message.html).toContain(`<title>${message.subject}</title>`);
    expect(message.subject).toBe(
      "Your Life Coaching Branding Toolkit v2.0 is ready to download (order LCT-3F9A0C21B7)",
    );
  });

  it("shows the buyer the order's reference, never a sequential number", () => {
    for (const part of [message.subject, message.text, message.html]) {
      expect(part).toContain("LCT-3F9A0C21B7");
      expect(part).not.toMatch(/#\d{4}\b|order #/i);
    }
  });

  it("sends replies to support", () => {
    expect(message.replyTo).toBe("help@shop.test");
  });
});
