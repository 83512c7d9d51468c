import { Download, FileArchive, Info, Lock, LogOut, RefreshCw, Search, Trash2, Upload } from "lucide-react";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { Form, useFetcher, useNavigation, useRevalidator } from "react-router";
import { toast } from "sonner";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { PRODUCT } from "#app/content/site.ts";
import { formatFileSize } from "#app/lib/file-size.ts";
import { formatCents } from "#app/lib/money.ts";
import type { AdminActionData, AdminPageData } from "#app/routes/secret/admin.server.ts";

type SignedIn = Extract<AdminPageData, { signedIn: true }>;

const QUEUED_EMAIL_REFRESH_MS = 3_000;

const itDate = (iso: string) =>
  new Date(iso).toLocaleString("it-IT", { dateStyle: "long", timeStyle: "short" });

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
      {data.signedIn ? <Panel data={data} /> : <SignIn />}
    </div>
  );
}

function SignIn() {
  const fetcher = useFetcher<AdminActionData>();
  const error = fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;
  return (
    <fetcher.Form method="post" className="mt-10 max-w-sm rounded-2xl border border-slate-200 p-6 shadow-sm">
      <h2 className="text-xl font-bold">{ADMIN_COPY.signIn.title}</h2>
      <input type="hidden" name="intent" value="sign-in" />
      <HoneypotField />
      <label htmlFor="admin-password" className="mt-4 block text-sm font-semibold">
        {ADMIN_COPY.signIn.passwordLabel}
      </label>
      <input
        id="admin-password"
        name="password"
        type="password"
        required
        maxLength={1024}
        autoComplete="current-password"
        aria-describedby={error ? "sign-in-error" : undefined}
        className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
      />
      {error && (
        <p id="sign-in-error" role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="mt-4 w-full rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {fetcher.state !== "idle" ? ADMIN_COPY.signIn.submitting : ADMIN_COPY.signIn.submit}
      </button>
    </fetcher.Form>
  );
}

/** Toasts the outcome of an admin action once it lands. */
/** Shows each answer of `fetcher` once (or hands its link to `onUrl`), however often the page renders. */
function useActionToast(
  fetcher: ReturnType<typeof useFetcher<AdminActionData>>,
  onUrl?: (url: string) => void,
) {
  // An event, not a dependency: the callers pass a new function on every render, which re-ran the
  // effect and repeated the last download, copy or toast on every later action in the panel.
  const onAnswer = useEffectEvent((result: AdminActionData) => {
    if ("url" in result) onUrl?.(result.url);
    else if ("ok" in result) {
      if (result.ok) toast.success(result.message);
      else toast.error(result.title ?? result.message, { description: result.message });
    }
  });
  useEffect(() => {
    if (fetcher.data && fetcher.state === "idle") onAnswer(fetcher.data);
  }, [fetcher.data, fetcher.state]);
}

function Panel({ data }: { data: SignedIn }) {
  return (
    <>
      <section aria-labelledby="product-title" className="mt-10">
        <h2 id="product-title" className="sr-only">
          {ADMIN_COPY.tabs.product}
        </h2>
        <div className="grid gap-6 lg:grid-cols-2">
          <UploadCard data={data} />
          <StatusCard data={data} />
          <DownloadCard hasProduct={data.product !== null} />
          <Instructions />
        </div>
      </section>
      <Orders data={data} />
    </>
  );
}

function UploadCard({ data }: { data: SignedIn }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const revalidator = useRevalidator();
  const copy = ADMIN_COPY.upload;

  const choose = (chosen: File | null) => {
    if (chosen && !/\.zip$/i.test(chosen.name)) {
      toast.error(ADMIN_COPY.toasts.invalidFormat.title, {
        description: ADMIN_COPY.toasts.invalidFormat.message,
      });
      if (input.current) input.current.value = "";
      setFile(null);
      return;
    }
    setFile(chosen);
  };

  const upload = () => {
    if (!file) return input.current?.click();
    const body = new FormData();
    body.append("file", file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/${data.adminPath}/upload`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) setProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      setProgress(null);
      let result: { ok?: boolean; title?: string; message?: string } = {};
      try {
        result = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status < 300 && result.ok) {
        toast.success(ADMIN_COPY.toasts.uploaded, { description: ADMIN_COPY.toasts.uploadedText });
        setFile(null);
        if (input.current) input.current.value = "";
        revalidator.revalidate();
      } else {
        toast.error(result.title ?? ADMIN_COPY.toasts.uploadError, {
          description: result.message ?? ADMIN_COPY.toasts.genericUpload,
        });
      }
    };
    xhr.onerror = () => {
      setProgress(null);
      toast.error(ADMIN_COPY.toasts.uploadError, { description: ADMIN_COPY.toasts.genericUpload });
    };
    setProgress(0);
    xhr.send(body);
  };

  const uploading = progress !== null;
  return (
    <section aria-labelledby="upload-title" className="rounded-2xl border border-slate-200 p-6">
      <h3 id="upload-title" className="flex items-center gap-2 text-lg font-bold">
        <Upload aria-hidden="true" className="size-5 text-brand-700" /> {copy.title}
      </h3>
      <p className="mt-2 text-sm text-slate-600">{data.product ? copy.replaceHint : copy.firstHint}</p>
      <input
        ref={input}
        id="product-file"
        type="file"
        accept=".zip,application/zip"
        // Visually hidden: its label below is the button, and shows the focus (app.css).
        className="focus-on-label sr-only"
        onChange={(event) => choose(event.target.files?.[0] ?? null)}
      />
      <div className="mt-4 flex flex-wrap gap-3">
        <label
          htmlFor="product-file"
          className="cursor-pointer rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50"
        >
          {copy.select}
        </label>
        <button
          type="button"
          onClick={upload}
          disabled={uploading || !file}
          className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
        >
          {data.product ? copy.replace : copy.uploadFirst}
        </button>
      </div>
      {file && <p className="mt-3 text-sm text-slate-700">{copy.chosen(file.name)}</p>}
      {uploading && (
        <div className="mt-4">
          <progress
            value={progress}
            max={100}
            aria-label={copy.uploading(progress)}
            className="h-2 w-full accent-brand-700"
          />
          <p className="mt-1 text-sm text-slate-600" aria-live="polite">
            {progress < 100 ? copy.uploading(progress) : copy.verifying}
          </p>
        </div>
      )}
    </section>
  );
}

function StatusCard({ data }: { data: SignedIn }) {
  const copy = ADMIN_COPY.status;
  const product = data.product;
  return (
    <section aria-labelledby="status-title" className="rounded-2xl border border-slate-200 p-6">
      <h3 id="status-title" className="flex items-center gap-2 text-lg font-bold">
        <FileArchive aria-hidden="true" className="size-5 text-brand-700" /> {copy.title}
      </h3>
      {product ? (
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-500">{copy.fileName}</dt>
          <dd className="break-all">{product.fileName}</dd>
          <dt className="text-slate-500">{copy.size}</dt>
          <dd>{formatFileSize(product.size)}</dd>
          <dt className="text-slate-500">{copy.updated}</dt>
          <dd>{itDate(product.uploadedAt)}</dd>
          <dt className="text-slate-500">{copy.price}</dt>
          <dd>{formatCents(PRODUCT.priceCents)}</dd>
          <dt className="text-slate-500">{copy.format}</dt>
          <dd>{copy.formatValue}</dd>
          <dt className="text-slate-500">{copy.entries}</dt>
          <dd>{product.entryCount}</dd>
          <dt className="text-slate-500">{copy.sha256}</dt>
          <dd className="font-mono text-xs break-all">{product.sha256}</dd>
          <dt className="text-slate-500">{copy.state}</dt>
          <dd>
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-800">
              {copy.ready}
            </span>
          </dd>
        </dl>
      ) : (
        <div className="mt-4 rounded-lg bg-amber-50 p-4 text-amber-900">
          <p className="font-semibold">{copy.none}</p>
          <p className="mt-1 text-sm">{copy.noneText}</p>
        </div>
      )}
    </section>
  );
}

function DownloadCard({ hasProduct }: { hasProduct: boolean }) {
  const download = useFetcher<AdminActionData>();
  const remove = useFetcher<AdminActionData>();
  const dialog = useRef<HTMLDialogElement>(null);
  useActionToast(download, (url) => {
    window.location.assign(url);
    toast.success(ADMIN_COPY.toasts.downloadStarted);
  });
  useActionToast(remove);
  const copy = ADMIN_COPY.download;
  return (
    <section aria-labelledby="download-title" className="rounded-2xl border border-slate-200 p-6">
      <h3 id="download-title" className="flex items-center gap-2 text-lg font-bold">
        <Download aria-hidden="true" className="size-5 text-brand-700" /> {copy.title}
      </h3>
      <p className="mt-2 text-sm text-slate-600">{copy.text}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <download.Form method="post">
          <button
            type="submit"
            name="intent"
            value="download"
            disabled={download.state !== "idle"}
            className="inline-flex items-center gap-2 rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700 disabled:opacity-50"
          >
            <Download aria-hidden="true" className="size-4" /> {copy.button}
          </button>
        </download.Form>
        {hasProduct && (
          <button
            type="button"
            onClick={() => dialog.current?.showModal()}
            className="inline-flex items-center gap-2 rounded-md border border-red-300 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
          >
            <Trash2 aria-hidden="true" className="size-4" /> {ADMIN_COPY.remove.button}
          </button>
        )}
      </div>
      <dialog
        ref={dialog}
        aria-labelledby="delete-title"
        className="m-auto w-[min(92vw,26rem)] rounded-2xl p-6 backdrop:bg-slate-900/60"
      >
        <h4 id="delete-title" className="text-lg font-bold">
          {ADMIN_COPY.remove.confirmTitle}
        </h4>
        <p className="mt-2 text-sm text-slate-600">{ADMIN_COPY.remove.confirmText}</p>
        <remove.Form
          method="post"
          className="mt-6 flex justify-end gap-3"
          onSubmit={() => dialog.current?.close()}
        >
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="rounded-md px-4 py-2 text-sm hover:bg-slate-100"
          >
            {ADMIN_COPY.remove.cancel}
          </button>
          <button
            type="submit"
            name="intent"
            value="delete"
            className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
          >
            {ADMIN_COPY.remove.confirm}
          </button>
        </remove.Form>
      </dialog>
    </section>
  );
}

function Instructions() {
  return (
    <section
      aria-labelledby="instructions-title"
      className="rounded-2xl border border-slate-200 bg-slate-50 p-6"
    >
      <h3 id="instructions-title" className="flex items-center gap-2 text-lg font-bold">
        <Info aria-hidden="true" className="size-5 text-brand-700" /> {ADMIN_COPY.instructions.title}
      </h3>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {ADMIN_COPY.instructions.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

/** While a delivery e-mail waits in the outbox (sent in the background), look again every few seconds. */
function useRefreshWhileQueued(queued: boolean) {
  const revalidator = useRevalidator();
  const refresh = useEffectEvent(() => {
    if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
  });
  useEffect(() => {
    if (!queued) return;
    const timer = setInterval(refresh, QUEUED_EMAIL_REFRESH_MS);
    return () => clearInterval(timer);
  }, [queued]);
}

function Orders({ data }: { data: SignedIn }) {
  const copy = ADMIN_COPY.orders;
  const navigation = useNavigation();
  const { orders } = data;
  useRefreshWhileQueued(orders.items.some((order) => order.emailState === "pending"));
  const pageLink = (page: number) =>
    `?${new URLSearchParams({ ...(data.query ? { q: data.query } : {}), page: String(page) })}`;
  return (
    <section aria-labelledby="orders-title" className="mt-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="orders-title" className="text-2xl font-bold">
          {copy.title}
        </h2>
        <a
          href={`/${data.adminPath}/orders.csv`}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50"
        >
          {copy.export}
        </a>
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        {(
          [
            [copy.today, data.revenue.today],
            [copy.last7, data.revenue.last7],
            [copy.last30, data.revenue.last30],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 p-4">
            <dt className="text-sm text-slate-500">
              {copy.revenue} · {label}
            </dt>
            <dd className="mt-1 text-2xl font-bold">{formatCents(value.cents)}</dd>
            <dd className="text-sm text-slate-500">{copy.ordersCount(value.orders)}</dd>
          </div>
        ))}
      </dl>
      <Form method="get" role="search" className="mt-6 flex gap-2">
        <label htmlFor="orders-search" className="sr-only">
          {copy.search}
        </label>
        <input
          id="orders-search"
          name="q"
          type="search"
          defaultValue={data.query}
          maxLength={200}
          placeholder={copy.search}
          className="w-full max-w-md rounded-md border border-slate-300 px-3 py-2"
        />
        <button
          type="submit"
          className="inline-flex items-center gap-1 rounded-md bg-slate-900 px-4 py-2 text-sm text-white"
        >
          <Search aria-hidden="true" className="size-4" /> {copy.searchButton}
        </button>
      </Form>
      <div
        className="mt-4 overflow-x-auto rounded-xl border border-slate-200"
        aria-busy={navigation.state !== "idle"}
      >
        <table className="w-full min-w-[56rem] text-left text-sm">
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              {Object.values(copy.columns).map((column) => (
                <th key={column} scope="col" className="px-3 py-2 font-semibold">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {orders.items.length === 0 && (
              <tr>
                <td colSpan={9} className="px-3 py-6 text-center text-slate-500">
                  {copy.empty}
                </td>
              </tr>
            )}
            {orders.items.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </tbody>
        </table>
      </div>
      {orders.pages > 1 && (
        <nav
          aria-label={copy.page(orders.page, orders.pages)}
          className="mt-4 flex items-center gap-4 text-sm"
        >
          {orders.page > 1 && <a href={pageLink(orders.page - 1)}>{copy.previous}</a>}
          <span>{copy.page(orders.page, orders.pages)}</span>
          {orders.page < orders.pages && <a href={pageLink(orders.page + 1)}>{copy.next}</a>}
        </nav>
      )}
      <FailedEmails emails={data.failedEmails} />
    </section>
  );
}

function OrderRow({ order }: { order: SignedIn["orders"]["items"][number] }) {
  const copy = ADMIN_COPY.orders;
  const fetcher = useFetcher<AdminActionData>();
  useActionToast(fetcher, (url) => {
    navigator.clipboard
      .writeText(url)
      .then(() => toast.success(copy.linkCopied))
      .catch(() => toast.error(copy.actionError));
  });
  const button = "rounded border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50 disabled:opacity-50";
  return (
    <tr className="border-t border-slate-100 align-top">
      <td className="px-3 py-2 whitespace-nowrap">{new Date(order.createdAt).toLocaleString("it-IT")}</td>
      <td className="px-3 py-2 font-medium">#{order.number}</td>
      <td className="px-3 py-2 break-all">{order.email}</td>
      <td className="px-3 py-2">{formatCents(order.amountCents)}</td>
      <td className="px-3 py-2">{order.discountApplied ? copy.yes : copy.no}</td>
      <td className="px-3 py-2">{copy.statuses[order.status]}</td>
      <td className="px-3 py-2" title={order.lastEmailError ?? undefined}>
        {copy.emailStates[order.emailState]}
      </td>
      <td className="px-3 py-2">{order.downloads}</td>
      <td className="px-3 py-2">
        {order.status === "paid" && (
          <fetcher.Form
            method="post"
            className="flex flex-wrap gap-1"
            onSubmit={(event) => {
              const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
              if (submitter?.value === "refund" && !window.confirm(copy.refundConfirm(order.number)))
                event.preventDefault();
            }}
          >
            <input type="hidden" name="orderId" value={order.id} />
            <button
              type="submit"
              name="intent"
              value="resend"
              className={button}
              disabled={fetcher.state !== "idle"}
            >
              {copy.resend}
            </button>
            <button
              type="submit"
              name="intent"
              value="link"
              className={button}
              disabled={fetcher.state !== "idle"}
            >
              {copy.copyLink}
            </button>
            <button
              type="submit"
              name="intent"
              value="refund"
              className={`${button} text-red-700`}
              disabled={fetcher.state !== "idle"}
            >
              {copy.refund}
            </button>
          </fetcher.Form>
        )}
      </td>
    </tr>
  );
}

function FailedEmails({ emails }: { emails: SignedIn["failedEmails"] }) {
  const copy = ADMIN_COPY.orders;
  const fetcher = useFetcher<AdminActionData>();
  useActionToast(fetcher);
  return (
    <section aria-labelledby="failed-title" className="mt-10">
      <h3 id="failed-title" className="text-lg font-bold">
        {copy.failedEmails}
      </h3>
      {emails.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{copy.failedEmailsEmpty}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {emails.map((email) => (
            <li
              key={email.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm"
            >
              <span>
                <strong>{email.to}</strong>
                {email.orderNumber !== null && ` · #${email.orderNumber}`} · {copy.attempts(email.attempts)}
                <span className="block text-red-800">{email.lastError}</span>
              </span>
              <fetcher.Form method="post">
                <input type="hidden" name="emailId" value={email.id} />
                <button
                  type="submit"
                  name="intent"
                  value="retry-email"
                  className="inline-flex items-center gap-1 rounded border border-slate-300 bg-white px-2 py-1 text-xs"
                >
                  <RefreshCw aria-hidden="true" className="size-3" /> {copy.retry}
                </button>
              </fetcher.Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
