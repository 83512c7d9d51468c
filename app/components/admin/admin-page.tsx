/**
 * The admin page: its own sticky header (not the storefront's: root.tsx leaves that out for the
 * admin), then the sign-in card or the panel (product cards, orders, figures).
 */
import { Lock, LogOut } from "lucide-react";
import { Form } from "react-router";
import type { AdminPageData, SignedIn } from "#app/components/admin/admin-types.ts";
import { DisputesBanner } from "#app/components/admin/disputes-banner.tsx";
import { FiguresSection } from "#app/components/admin/figures-section.tsx";
import { InstructionsCard } from "#app/components/admin/instructions-card.tsx";
import { OrdersSection } from "#app/components/admin/orders-section.tsx";
import { ProductStatusCard } from "#app/components/admin/product-status-card.tsx";
import { RefundRequestsCard } from "#app/components/admin/refund-requests-card.tsx";
import { SignInCard } from "#app/components/admin/sign-in-card.tsx";
import { UploadCard } from "#app/components/admin/upload-card.tsx";
import { VerifyProductCard } from "#app/components/admin/verify-product-card.tsx";
import { VersionsSection } from "#app/components/admin/versions-section.tsx";
import { ADMIN_COPY } from "#app/content/admin.ts";

export default function AdminPage({ data }: { data: AdminPageData }) {
  return (
    <div lang="it">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <div className="min-w-0">
            <p className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold tracking-wide text-red-800 uppercase">
              <Lock aria-hidden="true" className="size-3" /> {ADMIN_COPY.restricted}
            </p>
            <h1 className="mt-1 text-base leading-tight font-extrabold sm:text-lg md:text-2xl">
              {ADMIN_COPY.title}
            </h1>
          </div>
          {data.signedIn && (
            <Form method="post" className="shrink-0">
              <button
                type="submit"
                name="intent"
                value="sign-out"
                className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm hover:bg-slate-50"
              >
                <LogOut aria-hidden="true" className="size-4" /> {ADMIN_COPY.signOut}
              </button>
            </Form>
          )}
        </div>
      </header>
      <div className="mx-auto max-w-6xl px-4 pb-10">
        {data.signedIn ? <Panel data={data} /> : <SignInCard />}
      </div>
    </div>
  );
}

function Panel({ data }: { data: SignedIn }) {
  return (
    <>
      <DisputesBanner disputes={data.openDisputes} />
      <section aria-labelledby="product-title" className="mt-10">
        <h2 id="product-title" className="sr-only">
          {ADMIN_COPY.tabs.product}
        </h2>
        <div className="grid gap-6 lg:grid-cols-2">
          <UploadCard data={data} />
          <ProductStatusCard data={data} />
          <VerifyProductCard hasProduct={data.product !== null} />
          <InstructionsCard />
        </div>
      </section>
      <RefundRequestsCard data={data.refundRequests} />
      <VersionsSection versions={data.versions} />
      <OrdersSection data={data} />
      <FiguresSection data={data} />
    </>
  );
}
