import { TEST_PAYMENT_COPY } from "#app/content/checkout.ts";

/**
 * The slim band every page shows while the store takes test payments (PAYMENTS=test), so nobody
 * mistakes a test store for a shop. React renders it on the pages it renders; the server writes the
 * same markup into the prerendered pages at start (server/prerendered-pages.ts).
 */
export function TestModeNotice() {
  return (
    <aside
      aria-label="Test mode"
      className="bg-amber-100 px-4 py-1 text-center text-sm font-medium text-amber-900"
    >
      {TEST_PAYMENT_COPY.banner}
    </aside>
  );
}
