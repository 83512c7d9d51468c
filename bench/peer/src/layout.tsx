/** The storefront's frame: the store's own header and footer around each page. */
import { Outlet } from "react-router";
import { SiteFooter } from "#app/components/site-footer.tsx";
import { SiteHeader } from "#app/components/site-header.tsx";

export const SUPPORT_EMAIL = "support@example.com";

export function Layout() {
  return (
    <div className="flex min-h-dvh flex-col bg-white text-slate-900 antialiased">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader checkoutButton />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter supportEmail={SUPPORT_EMAIL} />
    </div>
  );
}
