/**
 * The delivery evidence pack as a printable page: a whole HTML document rendered to static markup
 * by its route, with print styles and no script, so it prints or saves as PDF from any browser.
 */
import { ADMIN_COPY, ADMIN_EVIDENCE_COPY as copy } from "#app/content/admin.ts";
import { ADMIN_WITHDRAWAL_COPY } from "#app/content/admin-withdrawals.ts";
import type { DeliveryEvidence } from "#app/lib/orders/delivery-evidence.server.ts";

const STYLE = `
body{font:14px/1.5 system-ui,sans-serif;color:#0f172a;max-width:60rem;margin:2rem auto;padding:0 1rem}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:1.5rem;border-bottom:1px solid #cbd5e1}
table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:.25rem .5rem;border-bottom:1px solid #e2e8f0}
th{width:min(16rem,40%);font-weight:600}thead th{width:auto}td{overflow-wrap:anywhere}
.no-print{color:#475569}
@media print{body{margin:0;max-width:none}.no-print{display:none}a{color:inherit}h2{break-after:avoid}tr{break-inside:avoid}}
`;

/** "2026-11-23T21:55:36.000Z" -> "2026-11-23 21:55:36 UTC". */
const when = (at: string | null) => (at ? `${at.slice(0, 10)} ${at.slice(11, 19)} UTC` : copy.none);

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat("it-IT", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);

function Rows({ rows }: { rows: [string, string][] }) {
  return (
    <table>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function EvidenceDocument(props: { evidence: DeliveryEvidence; jsonHref: string; orderHref: string }) {
  const { evidence, jsonHref, orderHref } = props;
  const { payment, offer, terms, emails, downloads, withdrawal } = evidence;
  const title = copy.title(payment.number, payment.reference);
  return (
    <html lang="it">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{title}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <h1>{title}</h1>
        <p>{copy.intro}</p>
        <p className="no-print">
          <a href={orderHref}>{copy.back}</a> · <a href={jsonHref}>{copy.downloadJson}</a> · {copy.print}
        </p>

        <h2>{copy.payment.title}</h2>
        <Rows
          rows={[
            [copy.payment.reference, payment.reference],
            [copy.payment.number, `#${payment.number}`],
            [copy.payment.buyer, payment.buyerEmail],
            [copy.payment.amount, money(payment.amountCents, payment.currency)],
            [
              copy.payment.tax,
              payment.taxCents === null ? copy.none : money(payment.taxCents, payment.currency),
            ],
            [copy.payment.country, payment.country ?? copy.none],
            [copy.payment.createdAt, when(payment.createdAt)],
            [copy.payment.paidAt, when(payment.paidAt)],
            [copy.payment.provider, payment.provider],
            [copy.payment.paymentIntent, payment.paymentIntentId ?? copy.none],
            [copy.payment.status, ADMIN_COPY.orders.statuses[payment.status]],
            [copy.payment.refunded, money(payment.refundedCents, payment.currency)],
            [copy.payment.dispute, payment.disputeStatus ?? copy.none],
          ]}
        />

        <h2>{copy.offer.title}</h2>
        <Rows
          rows={[
            [copy.offer.product, offer.product],
            [copy.offer.price, money(offer.priceCents, payment.currency)],
            [copy.offer.standardPrice, money(offer.standardPriceCents, payment.currency)],
            [copy.offer.discount, offer.discountApplied ? ADMIN_COPY.orders.yes : ADMIN_COPY.orders.no],
          ]}
        />

        <h2>{copy.terms.title}</h2>
        <table>
          <tbody>
            <tr>
              <th scope="row">{copy.terms.url}</th>
              <td>
                <a href={terms.url}>{terms.url}</a>
              </td>
            </tr>
            <tr>
              <th scope="row">{copy.terms.consentAt}</th>
              <td>{terms.consentAt ? when(terms.consentAt) : copy.notRecorded}</td>
            </tr>
          </tbody>
        </table>

        <h2>{ADMIN_WITHDRAWAL_COPY.title}</h2>
        {withdrawal ? (
          <table>
            <tbody>
              {(
                [
                  [ADMIN_WITHDRAWAL_COPY.requestedAt, when(withdrawal.requestedAt)],
                  [ADMIN_WITHDRAWAL_COPY.name, withdrawal.name],
                  [ADMIN_WITHDRAWAL_COPY.email, withdrawal.email],
                  [
                    ADMIN_WITHDRAWAL_COPY.outcome,
                    ADMIN_WITHDRAWAL_COPY.outcomes[withdrawal.outcome] ?? withdrawal.outcome,
                  ],
                  [
                    ADMIN_WITHDRAWAL_COPY.refund,
                    withdrawal.refundStatus
                      ? `${ADMIN_WITHDRAWAL_COPY.refundStatuses[withdrawal.refundStatus] ?? withdrawal.refundStatus}${withdrawal.refundedCents ? ` (${money(withdrawal.refundedCents, payment.currency)})` : ""}`
                      : copy.none,
                  ],
                ] as const
              ).map(([term, value]) => (
                <tr key={term}>
                  <th scope="row">{term}</th>
                  <td>{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>{ADMIN_WITHDRAWAL_COPY.none}</p>
        )}

        <h2>{copy.emails.title}</h2>
        {emails.length === 0 ? (
          <p>{copy.emails.empty}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">{copy.emails.to}</th>
                <th scope="col">{copy.emails.queuedAt}</th>
                <th scope="col">{copy.emails.sentAt}</th>
                <th scope="col">{copy.emails.smtp}</th>
              </tr>
            </thead>
            <tbody>
              {emails.map((email) => (
                <tr key={email.id}>
                  <td>{email.to}</td>
                  <td>{when(email.queuedAt)}</td>
                  <td>{email.sentAt ? when(email.sentAt) : copy.emails.notSent}</td>
                  <td>{email.smtpResponse ?? email.lastError ?? copy.none}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}

        <h2>{copy.downloads.title}</h2>
        {downloads.length === 0 ? (
          <p>{copy.downloads.empty}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">{copy.downloads.at}</th>
                <th scope="col">{copy.downloads.ip}</th>
                <th scope="col">{copy.downloads.bytes}</th>
                <th scope="col">{copy.downloads.outcome}</th>
              </tr>
            </thead>
            <tbody>
              {downloads.map((download) => (
                <tr key={download.id}>
                  <td>{when(download.at)}</td>
                  <td>{download.ip ?? copy.downloads.ipCleared}</td>
                  <td>{download.bytes.toLocaleString("it-IT")}</td>
                  <td>{download.complete ? copy.downloads.complete : copy.downloads.cut}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}

        <p>{copy.generatedAt(when(evidence.generatedAt))}</p>
      </body>
    </html>
  );
}
