/** The admin page: its header, then the sign-in card or the panel (product cards and orders). */
import { Lock, LogOut } from "lucide-react";
import { Form } from "react-router";
import type { AdminPageData, SignedIn } from "#app/components/admin/admin-types.ts";
import { DisputesBanner } from "#app/components/admin/disputes-banner.tsx";
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
    <div lang="it" className="mx-auto max-w-6xl px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="inline-flex items-center gap-1 rounded-full bg-red-100 px-3 py-1 text-xs font-bold tracking-wide text-red-800 uppercase">
            <Lock aria-hidden="true" className="size-3" /> {ADMIN_COPY.restricted}
          </p>
          <h1 className="mt-2 text-3xl font-extrabold">{ADMIN_COPY.title}</h1>
        </div>
        {data.signedIn && (
          <Form method="post">
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
      </header>
      {data.signedIn ? <Panel data={data} /> : <SignInCard />}
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
    </>
  );
}
