/**
 * No tracking in the store's e-mails: every template the outbox sends is rendered, HTML and text,
 * with the seller's footer, for two different recipients, and read for the two ways an e-mail counts
 * its reader: a remote resource (image, background, stylesheet) that the mail client loads by itself
 * and that differs from one recipient to the next or carries a query, and a link made for one
 * recipient that leads somewhere other than their own function, or that carries another address to
 * forward to (a click-counting redirect).
 *
 * The rule that tells the buyer's own links from tracking: a link may differ between recipients
 * only when it opens, directly, the store page that does that thing for this buyer (their download
 * page, their review form, their unsubscribe, their invoice's copy, their download confirmation) or
 * the payment provider's own page for that payment (their receipt, the owner's dispute). Such a link
 * carries no other address, and the page it opens is the function itself, not a hop to one.
 */
import { describe, expect, it } from "vitest";
import { courtesyCopyPath } from "#app/lib/books/courtesy-copy-link.server.ts";
import { confirmDownloadPath, type StoreLinks, successPageUrl } from "#app/lib/links.ts";
import type { MailMessage } from "#app/lib/mail/mailer.server.ts";
import { withSellerFooter } from "#app/lib/mail/mailer.server.ts";
import { renderEmail, type Templates } from "#app/lib/mail/outbox.server.ts";
import { unsubscribeUrl } from "#app/lib/mail/unsubscribe.server.ts";
import { reviewUrl } from "#app/lib/reviews/reviews.server.ts";

const SECRETS = ["email-tracking-test-secret-0123456789abcdef"];
const LINKS: StoreLinks = {
  publicUrl: "https://shop.example",
  successPath: "thank-you-secret-0123456789",
  supportEmail: "support@shop.example",
};

/** The store pages that are a buyer's own function, and the provider's pages for one payment. */
const OWN_FUNCTIONS: { name: string; test: (url: URL) => boolean }[] = [
  {
    name: "the download page with the order's access token",
    test: (url) =>
      url.origin === LINKS.publicUrl &&
      url.pathname === `/${LINKS.successPath}` &&
      [...url.searchParams.keys()].join() === "t",
  },
  ...["review", "unsubscribe", "invoice", "confirm-download"].map((page) => ({
    name: `/${page}/{token}`,
    test: (url: URL) =>
      url.origin === LINKS.publicUrl &&
      new RegExp(`^/${page}/[^/]+$`).test(url.pathname) &&
      url.search === "",
  })),
  {
    name: "the payment provider's page for this payment",
    test: (url) =>
      /^(invoice|pay|dashboard)\.stripe\.com$/.test(url.hostname) &&
      url.protocol === "https:" &&
      url.search === "",
  },
];

/** Query parameters that e-mail services add to count one recipient's clicks. */
const CLICK_IDS =
  /^(mc_eid|mc_cid|_hsenc|_hsmi|vero_id|vero_conv|ck_subscriber_id|oly_enc_id|oly_anon_id|trk|trkid|rid|uid|recipient|subscriber)$/i;

interface Reader {
  email: string;
  reference: string;
  orderId: string;
  orderNumber: number;
  token: string;
}

const readers: [Reader, Reader] = [
  {
    email: "ada@example.com",
    reference: "LCT-AAAA-1111",
    orderId: "11111111-1111-4111-8111-111111111111",
    orderNumber: 7,
    token: "access-token-for-ada",
  },
  {
    email: "bo@example.org",
    reference: "LCT-BBBB-2222",
    orderId: "22222222-2222-4222-8222-222222222222",
    orderNumber: 8,
    token: "access-token-for-bo",
  },
];

/**
 * Each template's payload for one reader, built with the store's own link builders. A template
 * added to the outbox without a payload here fails the typecheck.
 */
function payloads(r: Reader): { [T in keyof Templates]: Templates[T][] } {
  const paidAt = "2026-11-12T10:00:00Z";
  const unsubscribe = unsubscribeUrl(LINKS, SECRETS, r.email);
  return {
    delivery: [
      {
        reference: r.reference,
        amountCents: 4700,
        discountApplied: false,
        paidAt,
        link: successPageUrl(LINKS, { t: r.token }),
        supportEmail: LINKS.supportEmail,
        receiptUrl: `https://invoice.stripe.com/i/acct_1/live_${r.orderNumber}`,
        consentAt: paidAt,
      },
      {
        reference: r.reference,
        amountCents: 3525,
        discountApplied: true,
        paidAt,
        link: successPageUrl(LINKS, { t: r.token }),
        supportEmail: LINKS.supportEmail,
        hasReceipt: true,
      },
    ],
    "dispute-alert": [
      {
        orderNumber: r.orderNumber,
        buyerEmail: r.email,
        amountCents: 4700,
        currency: "usd",
        reason: "fraudulent",
        status: "needs_response",
        dashboardUrl: `https://dashboard.stripe.com/disputes/dp_${r.orderNumber}`,
      },
    ],
    "payment-failed": [
      {
        orderReference: r.reference,
        checkoutUrl: `${LINKS.publicUrl}/checkout`,
        supportEmail: LINKS.supportEmail,
      },
    ],
    "refund-confirmed": [
      { orderReference: r.reference, amountCents: 4700, supportEmail: LINKS.supportEmail },
    ],
    "refund-request-alert": [
      {
        orderNumber: r.orderNumber,
        orderReference: r.reference,
        buyerEmail: r.email,
        amountCents: 4700,
        reason: "Not what I needed",
        immediate: false,
        adminUrl: `${LINKS.publicUrl}/admin-secret-0123456789`,
      },
    ],
    "sharing-alert": [{ orderNumber: r.orderNumber, reference: r.reference, networks: 5, windowHours: 24 }],
    "download-confirmation": [
      {
        reference: r.reference,
        link: `${LINKS.publicUrl}${confirmDownloadPath(r.token)}`,
        validHours: 24,
        supportEmail: LINKS.supportEmail,
      },
    ],
    update: [
      {
        version: "v2.1",
        changelog: "New workbook pages.\nSee https://www.canva.com for the templates.",
        link: successPageUrl(LINKS, { t: r.token }),
        unsubscribeUrl: unsubscribe,
        supportEmail: LINKS.supportEmail,
      },
    ],
    "review-request": [
      {
        reviewUrl: reviewUrl(LINKS, SECRETS, r.orderId),
        externalReviewUrl: "https://www.trustpilot.com/review/shop.example",
        unsubscribeUrl: unsubscribe,
        supportEmail: LINKS.supportEmail,
      },
    ],
    "owner-sale": [
      {
        orderNumber: r.orderNumber,
        reference: r.reference,
        buyerEmail: r.email,
        amountCents: 4700,
        discountApplied: false,
        source: "instagram",
        article: "client-onboarding-forms",
      },
    ],
    "daily-summary": [
      { day: "2026-11-12", orders: 3, revenueCents: 14100, refunds: 1, refundedCents: 4700, failedEmails: 0 },
    ],
    invoice: [
      {
        kind: "invoice",
        number: `FT/${r.orderNumber}`,
        date: "2026-11-12",
        orderReference: r.reference,
        totalCents: 4700,
        delivery: { codiceDestinatario: "0000000" },
        link: `${LINKS.publicUrl}${courtesyCopyPath(SECRETS, r.orderId)}`,
        pdf: null,
        fileName: `FT-${r.orderNumber}.pdf`,
        supportEmail: LINKS.supportEmail,
      },
    ],
    withdrawal: [
      {
        outcome: "refunded",
        reference: r.reference,
        name: "Daniel W.",
        requestedAt: paidAt,
        amountCents: 4700,
        consentAt: null,
        downloadStartedAt: null,
        periodEndedAt: "2026-11-26T10:00:00Z",
        guarantee: null,
        supportEmail: LINKS.supportEmail,
      },
      {
        outcome: "right-lost",
        reference: r.reference,
        name: "Daniel W.",
        requestedAt: paidAt,
        amountCents: null,
        consentAt: paidAt,
        downloadStartedAt: paidAt,
        periodEndedAt: "2026-11-26T10:00:00Z",
        guarantee: { until: "2026-12-12T10:00:00Z", link: successPageUrl(LINKS, { t: r.token }) },
        supportEmail: LINKS.supportEmail,
      },
    ],
  };
}

const decode = (value: string) =>
  value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

/** What a mail client loads by itself: images, backgrounds, stylesheets and other embedded resources. */
function resources(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(
    /<(img|input|image|video|audio|source|iframe|embed|object|script)\b[^>]*>/gi,
  )) {
    for (const a of m[0].matchAll(/\b(src|srcset|poster|data)\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/gi))
      found.push(
        ...decode(a[3] ?? a[4] ?? a[5] ?? "")
          .split(/\s*,\s*/)
          .map((s) => s.split(/\s+/)[0]!),
      );
  }
  for (const m of html.matchAll(/\bbackground\s*=\s*("([^"]*)"|'([^']*)')/gi))
    found.push(decode(m[2] ?? m[3] ?? ""));
  for (const m of html.matchAll(/<link\b[^>]*\bhref\s*=\s*"([^"]*)"/gi)) found.push(decode(m[1]!));
  for (const m of html.matchAll(/url\(\s*['"]?([^'")]+)['"]?\s*\)/gi)) found.push(decode(m[1]!));
  for (const m of html.matchAll(/@import\s+['"]([^'"]+)['"]/gi)) found.push(decode(m[1]!));
  return found.filter(Boolean);
}

/** Every link a reader may follow: the HTML's anchors and areas, and every address in the text. */
function links(message: MailMessage): string[] {
  const fromHtml = [...message.html.matchAll(/<(a|area)\b[^>]*\bhref\s*=\s*"([^"]*)"/gi)].map((m) =>
    decode(m[2]!),
  );
  const fromText = [...message.text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);
  return [...fromHtml, ...fromText];
}

const remote = (address: string) => /^(https?:)?\/\//i.test(address);

/** A value that is itself an address: what a redirect carries to forward the click to. */
function carriesAddress(url: URL): boolean {
  const parts = [
    ...url.searchParams.values(),
    ...url.pathname.split("/").map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    }),
  ];
  return parts.some((part) => /^(https?:)?\/\/|^https?%3A/i.test(part));
}

/**
 * The tracking in one template's messages for the two readers (same payload shape, different
 * reader): a list of problems, empty when there is none.
 */
function trackingIn(name: string, [a, b]: [MailMessage, MailMessage]): string[] {
  const problems: string[] = [];
  const [resA, resB] = [resources(a.html), resources(b.html)];
  resA.forEach((address, i) => {
    if (!remote(address)) return;
    if (address !== resB[i]) problems.push(`${name}: a remote resource made for one reader: ${address}`);
    else if (new URL(address, "https://x.invalid").search)
      problems.push(`${name}: a remote resource with a query: ${address}`);
  });
  const [linksA, linksB] = [links(a), links(b)];
  if (linksA.length !== linksB.length) problems.push(`${name}: a different set of links for each reader`);
  linksA.forEach((address, i) => {
    if (/^mailto:/i.test(address)) return;
    const url = new URL(address);
    if (carriesAddress(url)) problems.push(`${name}: a link that forwards to another address: ${address}`);
    for (const key of url.searchParams.keys())
      if (CLICK_IDS.test(key)) problems.push(`${name}: a link with a click id (${key}): ${address}`);
    if (address !== linksB[i] && !OWN_FUNCTIONS.some((own) => own.test(url)))
      problems.push(`${name}: a link made for one reader that is not their own function: ${address}`);
  });
  return problems;
}

/** Each template's messages for both readers, as sent: rendered by the outbox, signed by the seller. */
function rendered(): [string, [MailMessage, MailMessage]][] {
  const [forA, forB] = readers.map(payloads) as [ReturnType<typeof payloads>, ReturnType<typeof payloads>];
  const seller = "Coaching Shop Srl, Via Roma 1, 20100 Milano MI, Italy, P.IVA IT01234567890";
  return (Object.keys(forA) as (keyof Templates)[]).flatMap((template) =>
    forA[template].map((payload, i): [string, [MailMessage, MailMessage]] => [
      `${template}#${i + 1}`,
      [
        withSellerFooter(
          renderEmail(template, readers[0].email, payload as unknown as Record<string, unknown>),
          seller,
        ),
        withSellerFooter(
          renderEmail(template, readers[1].email, forB[template][i] as unknown as Record<string, unknown>),
          seller,
        ),
      ],
    ]),
  );
}

describe("the store's e-mails carry no tracking", () => {
  it("renders every template with no remote resource per reader and no per-reader link but the reader's own functions", () => {
    const all = rendered();
    // Every template the outbox knows was rendered, for both readers, in HTML and text.
    expect(new Set(all.map(([name]) => name.split("#")[0])).size).toBe(
      Object.keys(payloads(readers[0])).length,
    );
    for (const [, pair] of all)
      for (const m of pair) expect(m.html.length * m.text.length).toBeGreaterThan(0);
    expect(all.flatMap(([name, pair]) => trackingIn(name, pair))).toEqual([]);
  });

  it("lays every template out at a phone's width: each HTML part declares the viewport", () => {
    const missing = rendered()
      .filter(
        ([, [a]]) => !/<meta name="viewport" content="width=device-width, initial-scale=1">/.test(a.html),
      )
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it("holds per-reader links to the buyer's own functions: the download page, the review form, unsubscribe, the invoice copy", () => {
    const perReader = rendered().flatMap(([, [a, b]]) => {
      const other = links(b);
      return links(a).filter((address, i) => address !== other[i] && !address.startsWith("mailto:"));
    });
    const paths = new Set(perReader.map((address) => new URL(address).pathname.split("/")[1]));
    expect([...paths].sort()).toEqual(
      ["confirm-download", "disputes", "i", "invoice", "review", "unsubscribe", LINKS.successPath].sort(),
    );
  });

  it("finds a tracking pixel, a click redirect, a click id and a per-reader link elsewhere, in HTML and in text", () => {
    const message = (reader: Reader): MailMessage => ({
      to: reader.email,
      subject: "News",
      html: `<p><img src="https://shop.example/open.gif" alt=""><img src="https://mail.example/o/${reader.token}.gif" alt="">
<a href="https://click.example/r?u=https%3A%2F%2Fshop.example%2Fblog&amp;id=${reader.orderNumber}">Read</a>
<a href="https://shop.example/blog?mc_eid=${reader.orderNumber}">Blog</a></p>`,
      text: `Read: https://shop.example/go/${reader.token}`,
    });
    const problems = trackingIn("crafted", [message(readers[0]), message(readers[1])]);
    expect(problems).toEqual([
      expect.stringContaining("a remote resource made for one reader: https://mail.example/o/"),
      expect.stringContaining("a link that forwards to another address: https://click.example/r?u="),
      expect.stringContaining(
        "a link made for one reader that is not their own function: https://click.example/",
      ),
      expect.stringContaining("a link with a click id (mc_eid)"),
      expect.stringContaining(
        "a link made for one reader that is not their own function: https://shop.example/blog?mc_eid",
      ),
      expect.stringContaining(
        "a link made for one reader that is not their own function: https://shop.example/go/",
      ),
    ]);
    // A constant image without a query identifies nobody; a query on it is refused all the same.
    expect(
      trackingIn("logo", [
        { to: "a", subject: "", text: "x", html: '<img src="https://shop.example/logo.png?v=2" alt="">' },
        { to: "b", subject: "", text: "x", html: '<img src="https://shop.example/logo.png?v=2" alt="">' },
      ]),
    ).toEqual(["logo: a remote resource with a query: https://shop.example/logo.png?v=2"]);
  });
});
