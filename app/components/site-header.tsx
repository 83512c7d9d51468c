import { Menu, X } from "lucide-react";
import { Link, NavLink } from "react-router";
import { HEADER, PRODUCT } from "#app/content/site.ts";
import { formatShortCents } from "#app/lib/money.ts";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? "bg-brand-100 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
  }`;

const MENU_ID = "mobile-menu";

/**
 * The sticky header. Its mobile menu opens through enhance/menu.ts, on pages with React and without,
 * so the markup here is static. Links to the home page and the blog reload the document: those pages
 * ship without React (ADR 008) and bring their own script. `checkoutButton`: whether it shows the
 * button to the checkout (not on the steps of a purchase); `priceCents`, the price every buyer pays
 * now as the page knows it (the landing page's facts), else the regular price.
 */
export function SiteHeader({
  checkoutButton,
  priceCents = PRODUCT.priceCents,
}: {
  checkoutButton: boolean;
  priceCents?: number;
}) {
  const links = (
    <>
      <NavLink to="/" end className={navLinkClass}>
        {HEADER.home}
      </NavLink>
      {/* NavLink without `end` stays active on every /blog... path. */}
      <NavLink to="/blog" className={navLinkClass}>
        {HEADER.blog}
      </NavLink>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link
          to="/"
          className="text-base leading-tight font-bold tracking-tight text-brand-900 sm:text-lg sm:whitespace-nowrap"
        >
          {PRODUCT.brand}
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {links}
        </nav>
        <div className="flex items-center gap-2">
          {checkoutButton && (
            <Link
              to="/checkout"
              className="rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold whitespace-nowrap text-white shadow-sm hover:bg-brand-800 sm:px-4"
            >
              {HEADER.cta(formatShortCents(priceCents))}
            </Link>
          )}
          <button
            type="button"
            data-menu-toggle
            className="group js-only rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
            aria-label={HEADER.toggleMenu}
            aria-expanded="false"
            aria-controls={MENU_ID}
          >
            <Menu aria-hidden="true" className="size-6 group-aria-expanded:hidden" />
            <X aria-hidden="true" className="hidden size-6 group-aria-expanded:block" />
          </button>
        </div>
      </div>
      <nav
        id={MENU_ID}
        aria-label="Mobile"
        hidden
        className="border-t border-slate-200 bg-white px-4 py-3 md:hidden"
      >
        <div className="flex flex-col gap-1">{links}</div>
      </nav>
    </header>
  );
}
