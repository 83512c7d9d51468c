import { describe, expect, it } from "vitest";
import { disputeAlertEmail } from "#app/lib/mail/dispute-alert-email.ts";
import { paymentFailedEmail } from "#app/lib/mail/payment-failed-email.ts";

describe("the owner's dispute alert", () => {
  const message = disputeAlertEmail("help@shop.test", {
    orderNumber: 1042,
    buyerEmail: "buyer@example.com",
    amountCents: 4700,
    currency: "usd",
    reason: "fraudulent",
    status: "needs_response",
    dashboardUrl: "https://dashboard.stripe.com/test/disputes/dp_1",
  });

  it("says in Italian which order, how much, why, and where to answer", () => {
    expect(message.subject).toBe("Contestazione aperta sull'ordine #1042: accesso sospeso");
    expect(message.text).toContain("Cliente: buyer@example.com");
    expect(message.text).toMatch(/Importo contestato: 47,00\s?(USD|US\$|\$)/);
    expect(message.text).toContain("Motivo indicato dalla banca: fraudulent");
    expect(message.text).toContain("sono stati sospesi");
    expect(message.html).toContain('<html lang="it">');
    expect(message.html).toContain('<a href="https://dashboard.stripe.com/test/disputes/dp_1">');
  });
});

describe("the buyer's failed-payment e-mail", () => {
  const message = paymentFailedEmail("buyer@example.com", {
    orderReference: "LCT-0123456789",
    checkoutUrl: "https://shop.test/checkout",
    supportEmail: "help@shop.test",
  });

  it("says the payment did not go through and links to try again", () => {
    expect(message.subject).toBe(
      "Your payment for the Life Coaching Branding Toolkit v2.0 did not go through",
    );
    expect(message.text).toContain("order LCT-0123456789 did not go through");
    expect(message.text).toContain("https://shop.test/checkout");
    expect(message.html).toContain('<a href="https://shop.test/checkout">Try again</a>');
    expect(message.replyTo).toBe("help@shop.test");
  });

  it("escapes what it puts in the markup", () => {
    const hostile = paymentFailedEmail("b@example.com", {
      orderReference: "<script>",
      checkoutUrl: 'https://shop.test/checkout?"x"',
      supportEmail: "help@shop.test",
    });
    expect(hostile.html).not.toContain("<script>");
    expect(hostile.html).not.toContain('?"x"');
  });
});
