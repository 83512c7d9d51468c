/** The landing page's call-to-action button style, and the closing call to action before the testimonials. */
import { Link } from "react-router";
import { LANDING } from "#app/content/landing.ts";
import { formatCents } from "#app/lib/money.ts";

/** The big "buy" button: a link to the checkout, styled as the page's primary action. */
export const cta =
  "inline-block rounded-lg bg-brand-700 px-6 py-3.5 text-lg font-bold text-white shadow-lg hover:bg-brand-800";

/** "Ready to Build Your Coaching Brand?" and a last button to the checkout, at the price every buyer pays now. */
export function ClosingCta({ priceCents }: { priceCents: number }) {
  const { closing } = LANDING;
  return (
    <section className="render-when-visible mx-auto max-w-3xl px-4 py-16 text-center">
      <h2 className="text-3xl font-extrabold">{closing.title}</h2>
      <Link to="/checkout" className={`mt-6 ${cta}`}>
        {closing.cta(formatCents(priceCents))}
      </Link>
    </section>
  );
}
