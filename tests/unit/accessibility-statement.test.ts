/**
 * The accessibility statement (European Accessibility Act; D.Lgs. 82/2022): the footer of every
 * storefront page links it, and it states the standard, how it is checked, what is known not to
 * meet it and the support address to report a barrier to, with the seller's own settings.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SiteFooter } from "#app/components/site-footer.tsx";
import { ACCESSIBILITY, CHECKED_PAGES } from "#app/content/accessibility.ts";
import { TIMING } from "#app/content/site.ts";

const settings = {
  supportEmail: "help@shop.example",
  retentionDays: "180",
  seller: "Coaching Shop Srl, Via Roma 1, Milano, P.IVA IT01234567890",
};
const text = ACCESSIBILITY.sections(settings)
  .flatMap((section) => [section.title, ...section.paragraphs])
  .join("\n");

describe("the accessibility statement", () => {
  it("is linked from the site footer", () => {
    const footer = renderToStaticMarkup(
      createElement(MemoryRouter, null, createElement(SiteFooter, { supportEmail: settings.supportEmail })),
    );
    expect(footer).toContain('href="/accessibility"');
    expect(footer).toMatch(/<a [^>]*href="\/accessibility"[^>]*>Accessibility<\/a>/);
  });

  it("names the standard, the checks with what they cover, the known exceptions and where to report a barrier", () => {
    expect(text).toContain("EN 301 549");
    expect(text).toContain("(WCAG) 2.1 at level AA");
    expect(text).toMatch(
      /axe-core checks each of the pages above against the WCAG 2\.0 and 2\.1 level A and AA rules/,
    );
    expect(text).toContain("HTML_CodeSniffer");
    expect(text).toContain("W3C Nu HTML Checker");
    expect(text).toContain("No audit by a person using assistive technology has been made yet.");
    expect(text).toContain(`every ${TIMING.socialProofEveryMs / 1000} seconds`);
    expect(text).toContain("not tagged PDFs");
    expect(text).toContain("write to help@shop.example");
    expect(text).toContain(settings.seller);
    for (const page of ["the reviews (/reviews)", "the terms, the privacy notice and this statement"])
      expect(CHECKED_PAGES).toContain(page);
  });
});
