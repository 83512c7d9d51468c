import { describe, expect, it } from "vitest";
import { type InvoiceEmailData, invoiceEmail } from "#app/lib/mail/invoice-email.ts";

const base: InvoiceEmailData = {
  kind: "invoice",
  number: "FT/7",
  date: "2026-11-27",
  orderReference: "LCT-0123456789",
  totalCents: 4458,
  delivery: { codiceDestinatario: "0000000" },
  link: "https://shop.test/invoice/abc",
  pdf: Buffer.from("%PDF-1.7 test").toString("base64"),
  fileName: "fattura-FT-2026-7.pdf",
  supportEmail: "help@shop.test",
};

describe("the courtesy copy's e-mail", () => {
  it("names the invoice and the order, attaches the PDF and says where the valid invoice is", () => {
    const mail = invoiceEmail("buyer@example.com", base);
    expect(mail.subject).toBe("Your invoice FT/7 for order LCT-0123456789");
    expect(mail.text).toContain(
      "Here is the courtesy copy of invoice FT/7 of 2026-11-27 (€44.58) for order LCT-0123456789.",
    );
    expect(mail.text).toContain(
      "The legally valid invoice is the electronic one delivered through the Italian Sistema di Interscambio (SDI): it is available in your reserved area on the Agenzia delle Entrate's website (Fatture e Corrispettivi).",
    );
    expect(mail.text).toContain("You can download it again at any time: https://shop.test/invoice/abc");
    expect(mail.attachments).toEqual([
      {
        filename: "fattura-FT-2026-7.pdf",
        content: Buffer.from("%PDF-1.7 test"),
        contentType: "application/pdf",
      },
    ]);
    expect(mail.replyTo).toBe("help@shop.test");
  });

  it("says a business's SDI code or PEC, and a credit note's own words", () => {
    expect(
      invoiceEmail("b@example.com", { ...base, delivery: { codiceDestinatario: "M5UXCR1" } }).text,
    ).toContain("to your SDI recipient code M5UXCR1.");
    const credit = invoiceEmail("b@example.com", {
      ...base,
      kind: "credit-note",
      number: "FT/9",
      delivery: { pec: "fatture@pec.example.it" },
    });
    expect(credit.subject).toBe("Your credit note FT/9 for order LCT-0123456789");
    expect(credit.text).toContain(
      "courtesy copy of credit note FT/9 of 2026-11-27 (€44.58) for your refund on order",
    );
    expect(credit.text).toContain("The legally valid credit note is the electronic one");
    expect(credit.text).toContain("to your PEC address fatture@pec.example.it.");
  });

  it("keeps HTML in data as text, and sends no attachment once the PDF is gone", () => {
    const mail = invoiceEmail("b@example.com", {
      ...base,
      orderReference: "<b>LCT</b>",
      pdf: null,
      link: null,
    });
    expect(mail.html).toContain("&lt;b&gt;LCT&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>LCT</b>");
    expect(mail.attachments).toBeUndefined();
    expect(mail.text).not.toContain("attached");
  });
});
