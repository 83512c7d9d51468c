/** `/{ADMIN_PATH}`: the sign-in form, or once signed in the Panoramica. */
import { Lock } from "lucide-react";
import type { AdminIndexData } from "#app/components/admin/admin-types.ts";
import OverviewPage from "#app/components/admin/overview-page.tsx";
import { SignInCard } from "#app/components/admin/sign-in-card.tsx";

import { ADMIN_COPY } from "#app/content/admin.ts";

export default function AdminIndex({ data }: { data: AdminIndexData }) {
  if (data.signedIn) return <OverviewPage data={data} />;
  return (
    <div lang="it" className="mx-auto max-w-6xl px-4 pt-6 pb-10">
      <p className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold tracking-wide text-red-800 uppercase">
        <Lock aria-hidden="true" className="size-3" /> {ADMIN_COPY.restricted}
      </p>
      <h1 className="mt-1 text-xl font-extrabold md:text-2xl">{ADMIN_COPY.title}</h1>
      <SignInCard />
    </div>
  );
}
