/**
 * Every admin page's frame (ADR 033): its own header (not the storefront's: root.tsx leaves that
 * out), the navigation, sign-out, then the page under its title. On a phone the navigation is a
 * menu in a <details>, which opens without JavaScript, over the page below the header; from
 * 768 px it is a row of links.
 */
import { Lock, LogOut, Menu } from "lucide-react";
import type { ReactNode } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { ADMIN_NAV, ADMIN_PAGES_COPY } from "#app/content/admin-pages.ts";

export function AdminShell(props: {
  adminPath: string;
  title: string;
  notices?: readonly string[];
  children: ReactNode;
}) {
  // Keyed by the navigation: the phone's menu is closed again on every page it opens.
  const navigation = useLocation().key;
  const links = (className: string) => (
    <ul className={className}>
      {ADMIN_NAV.map((page) => (
        <li key={page.path}>
          <NavLink
            to={page.path ? `/${props.adminPath}/${page.path}` : `/${props.adminPath}`}
            end={page.path === ""}
            className={({ isActive }) =>
              `block rounded-md px-3 py-2 text-sm font-medium ${
                isActive ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"
              }`
            }
          >
            {page.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
  return (
    <div lang="it">
      <header className="relative border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-x-3 px-4 py-2">
          <p className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold tracking-wide text-red-800 uppercase">
            <Lock aria-hidden="true" className="size-3" /> {ADMIN_COPY.restricted}
          </p>
          <nav aria-label={ADMIN_PAGES_COPY.nav.label} className="ml-auto md:ml-0">
            <details key={navigation} className="md:hidden">
              <summary className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium">
                <Menu aria-hidden="true" className="size-4" /> {ADMIN_PAGES_COPY.nav.menu}
              </summary>
              {links(
                "absolute inset-x-0 top-full z-40 grid gap-1 border-b border-slate-200 bg-white p-3 shadow-lg",
              )}
            </details>
            {links("hidden gap-1 md:flex")}
          </nav>
          <Form method="post" action={`/${props.adminPath}`} className="shrink-0">
            <button
              type="submit"
              name="intent"
              value="sign-out"
              className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm hover:bg-slate-50"
            >
              <LogOut aria-hidden="true" className="size-4" />
              <span className="max-sm:sr-only">{ADMIN_COPY.signOut}</span>
            </button>
          </Form>
        </div>
      </header>
      <div className="mx-auto max-w-6xl px-4 pt-4 pb-10">
        <h1 className="text-2xl font-extrabold md:text-3xl">{props.title}</h1>
        {props.notices?.map((notice) => (
          <p
            key={notice}
            role="alert"
            className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            {notice}
          </p>
        ))}
        {props.children}
      </div>
    </div>
  );
}
