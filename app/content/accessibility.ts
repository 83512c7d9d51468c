/**
 * The accessibility statement (`/accessibility`): the standard the store's pages are held to, how
 * they are checked, what is known not to meet it and how to report a barrier (European
 * Accessibility Act, Directive (EU) 2019/882; in Italy D.Lgs. 82/2022). Every claim here is kept
 * true by a test: the pages it names are the ones tests/e2e/standards.spec.ts checks.
 */

import type { LegalSection, LegalSettings } from "#app/content/legal.ts";
import { REVIEWS_PATH, VERIFICATION_PATH } from "#app/content/reviews.ts";
import { TIMING } from "#app/content/site.ts";

export const ACCESSIBILITY_PATH = "/accessibility";

/** The public pages the automated checks run on, as the statement names them. */
export const CHECKED_PAGES = [
  "the home page",
  "the checkout",
  "the download page",
  "the blog and every article",
  `the reviews (${REVIEWS_PATH})`,
  `how reviews are verified (${VERIFICATION_PATH})`,
  "the form to withdraw from the contract (/withdraw)",
  "the terms, the privacy notice and this statement",
  "the page shown for an address that does not exist",
] as const;

const seconds = (ms: number) => Math.round(ms / 1000);

export const ACCESSIBILITY = {
  path: ACCESSIBILITY_PATH,
  title: "Accessibility statement",
  description:
    "The accessibility standard this store's pages meet, how they are checked, what is known not to meet it, and how to report a barrier.",
  /** When the text last changed (ISO date). */
  updated: "2026-12-02",
  footerLink: "Accessibility",
  sections: ({ supportEmail: support, seller }: LegalSettings): LegalSection[] => [
    {
      title: "The standard",
      paragraphs: [
        "The store's pages are made to meet EN 301 549, the European standard for accessible information and communication technology that the European Accessibility Act (Directive (EU) 2019/882) and, in Italy, Legislative Decree 82/2022 refer to. For web pages EN 301 549 asks for the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA.",
        `This statement covers the store's web pages: ${CHECKED_PAGES.join("; ")}. The store is partially compliant: the exceptions are listed below.`,
      ],
    },
    {
      title: "How it is checked",
      paragraphs: [
        "Every change to the store is tested in a real browser (Chromium) before it is released, and a change that fails is not released:",
        "axe-core checks each of the pages above against the WCAG 2.0 and 2.1 level A and AA rules it can test automatically (text alternatives, contrast of text against its background, names of links, buttons and form fields, headings and landmarks, the page's language, ARIA use, and more), at desktop width and at a phone's width of 390 pixels.",
        "HTML_CodeSniffer, a second checker, tests the same pages (three articles standing for the blog's), the payment and download pages during a test purchase, and the seller's admin area against WCAG 2 level AA; any warning it cannot decide alone is either fixed or recorded with the reason a person judged it fine.",
        "The W3C Nu HTML Checker validates the markup of every page, and each page is checked to declare its language.",
        "Automated checks find only part of the barriers: whether a text alternative says what a picture means, whether the reading order makes sense, and how every control works with a keyboard or a screen reader need a person. No audit by a person using assistive technology has been made yet.",
      ],
    },
    {
      title: "What is known not to meet the standard",
      paragraphs: [
        `The "Recent Sale" and "New Review" notices on the home page appear by themselves every ${seconds(TIMING.socialProofEveryMs)} seconds and hide after ${seconds(TIMING.socialProofVisibleMs)} seconds; closing one does not stop the next, and the time one stays cannot be extended (WCAG 2.2.1 Timing Adjustable, 2.2.2 Pause, Stop, Hide). They are announced politely, without moving the focus.`,
        "The PDF files the store makes (the licence added to each buyer's download and the copy of an invoice) are not tagged PDFs: a screen reader reads their text, but without headings or a set reading order (WCAG 1.3.1 Info and Relationships).",
        "The toolkit itself (Canva templates, worksheets and guides in PDF) is content made with outside design tools; it is not covered by the checks above. If you need a file in another format, write to us.",
      ],
    },
    {
      title: "Report a barrier",
      paragraphs: [
        `If something on this site is hard or impossible for you to use, or you need information in another format, write to ${support}. Tell us the page's address and what happened; we answer within one business day, and we fix the barrier or offer you another way to get what you need.`,
        `The seller responsible for this site is ${seller}.`,
      ],
    },
  ],
} as const;
