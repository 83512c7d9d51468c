/** The success page: the paid order from the `orders` table, found by the Checkout session id. */
import { CheckCircle, Download, Mail } from "lucide-react";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { SUCCESS_COPY } from "#app/content/checkout.ts";
import { formatUsd, useOrder } from "../supabase.ts";

export function SuccessPage() {
  const [params] = useSearchParams();
  const { data: order, isPending } = useOrder(params.get("session_id") ?? "");
  useEffect(() => {
    document.title = SUCCESS_COPY.title;
  }, []);
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <div className="text-center">
        <CheckCircle aria-hidden="true" className="mx-auto size-16 text-emerald-600" />
        <h1 className="mt-4 text-4xl font-extrabold">{SUCCESS_COPY.title}</h1>
        <p className="mt-3 text-lg text-slate-700">{SUCCESS_COPY.intro}</p>
      </div>
      {isPending || !order ? (
        <div className="mt-10 h-64 animate-pulse rounded-xl bg-slate-100" />
      ) : (
        <>
          <div className="mt-10 rounded-xl border border-slate-200 p-6">
            <h2 className="flex items-center gap-2 text-xl font-bold">
              <Mail aria-hidden="true" className="size-5" /> {SUCCESS_COPY.emailTitle}
            </h2>
            <p className="mt-2 text-slate-700">{SUCCESS_COPY.emailText(order.email)}</p>
          </div>
          <div className="mt-6 rounded-xl border border-brand-100 bg-brand-50 p-6">
            <h2 className="text-xl font-bold">{SUCCESS_COPY.downloadTitle}</h2>
            <p className="mt-2 text-slate-700">
              {SUCCESS_COPY.downloadText} {SUCCESS_COPY.fileLabel},{" "}
              {Math.round(order.file_size_bytes / 1024 / 1024)} MB
            </p>
            <a
              href={order.download_url}
              onClick={() => toast.success(SUCCESS_COPY.downloadStarted.title)}
              className="mt-4 inline-flex items-center gap-2 rounded-md bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800"
            >
              <Download aria-hidden="true" className="size-5" /> {SUCCESS_COPY.downloadNow}
            </a>
          </div>
          <div className="mt-6 rounded-xl border border-slate-200 p-6">
            <h2 className="text-xl font-bold">{SUCCESS_COPY.summaryTitle}</h2>
            <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
              <dt className="text-slate-600">{SUCCESS_COPY.summary.order}</dt>
              <dd>{order.id}</dd>
              <dt className="text-slate-600">{SUCCESS_COPY.summary.date}</dt>
              <dd>{new Date(order.created_at).toLocaleDateString("en-US")}</dd>
              <dt className="text-slate-600">{SUCCESS_COPY.summary.product}</dt>
              <dd>{order.product_name}</dd>
              <dt className="text-slate-600">{SUCCESS_COPY.summary.paid}</dt>
              <dd className="font-bold">{formatUsd(order.amount_cents)}</dd>
            </dl>
          </div>
        </>
      )}
    </section>
  );
}
