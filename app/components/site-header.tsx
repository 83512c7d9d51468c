import { Menu, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { HEADER, PRODUCT } from "~/content/site";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? "bg-brand-100 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
  }`;

export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();

  // A navigation (including back/forward) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const links = (
    <>
      <NavLink to="/" end className={navLinkClass} onClick={() => setOpen(false)}>
        {HEADER.home}
      </NavLink>
      {/* NavLink without `end` stays active on every /blog... path. */}
      <NavLink to="/blog" className={navLinkClass} onClick={() => setOpen(false)}>
        {HEADER.blog}
      </NavLink>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link
          to="/"
          className="text-base font-bold tracking-tight whitespace-nowrap text-brand-900 sm:text-lg"
        >
          {PRODUCT.brand}
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {links}
        </nav>
        <div className="flex items-center gap-2">
          <Link
            to="/checkout"
            className="rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold whitespace-nowrap text-white shadow-sm hover:bg-brand-800 sm:px-4"
          >
            {HEADER.cta}
          </Link>
          <button
            type="button"
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
            aria-label={HEADER.toggleMenu}
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
          </button>
        </div>
      </div>
      <nav
        id={menuId}
        aria-label="Mobile"
        hidden={!open}
        className="border-t border-slate-200 bg-white px-4 py-3 md:hidden"
      >
        <div className="flex flex-col gap-1">{links}</div>
      </nav>
    </header>
  );
}
