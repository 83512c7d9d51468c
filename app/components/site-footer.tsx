import { Link } from "react-router";
import { ACCESSIBILITY } from "#app/content/accessibility.ts";
import { LEGAL_COPY } from "#app/content/legal.ts";
import { HEADER, PRODUCT } from "#app/content/site.ts";
import { WITHDRAW_PATH, WITHDRAWAL_COPY } from "#app/content/withdrawal.ts";

/** The footer of every storefront page: the seller named (ADR 041), the site's links and support. */
export function SiteFooter({ supportEmail, seller }: { supportEmail?: string; seller?: string }) {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-10 text-sm text-slate-600 md:flex-row md:items-center md:justify-between">
        <div>
          <p>
            © {new Date().getFullYear()} {PRODUCT.name}
          </p>
          {seller && (
            <p className="mt-1 [overflow-wrap:anywhere]" data-seller>
              {`${LEGAL_COPY.soldBy} ${seller}`}
            </p>
          )}
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-4">
          <Link to="/" className="hover:text-slate-900">
            {HEADER.home}
          </Link>
          <Link to="/blog" className="hover:text-slate-900">
            {HEADER.blog}
          </Link>
          <Link to="/terms" className="hover:text-slate-900">
            {LEGAL_COPY.termsLink}
          </Link>
          <Link to="/privacy" className="hover:text-slate-900">
            {LEGAL_COPY.privacyLink}
          </Link>
          <Link
            to={WITHDRAW_PATH}
            className="font-semibold text-slate-800 underline underline-offset-2 hover:text-slate-900"
          >
            {WITHDRAWAL_COPY.link}
          </Link>
          <Link to={ACCESSIBILITY.path} className="hover:text-slate-900">
            {ACCESSIBILITY.footerLink}
          </Link>
          {supportEmail && (
            <a href={`mailto:${supportEmail}`} className="hover:text-slate-900">
              Support: {supportEmail}
            </a>
          )}
        </nav>
      </div>
    </footer>
  );
}
