/**
 * `/withdraw`: the withdrawal function (CRD art. 11a; ADR 045). The statement (order reference or
 * the e-mail used to buy, name, e-mail for the confirmation), then "Confirm withdrawal" as a step of
 * its own showing what will be sent. Plain forms posted as documents, so it is the same with and
 * without JavaScript, and needs no sign-in; the page ships without React (ADR 008).
 */
import { data, Link } from "react-router";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { WITHDRAWAL_COPY as copy, WITHDRAW_PATH, WITHDRAWAL_LIMITS } from "#app/content/withdrawal.ts";
// A standalone page script, not a worker: see home.tsx and ADR 008.
import legalScript from "#app/enhance/legal.ts?worker&url";
import { dateTime } from "#app/lib/mail/withdrawal-email.ts";
import { publicConfigOf } from "#app/lib/public-config.server.ts";
import { clientIpContext, servicesContext } from "#app/lib/router-context.ts";
import type { PageHandle } from "#app/root.tsx";
import { needsDatabase, readForm } from "#app/routes/http.server.ts";
import { loadAsDocument } from "#app/routes/load-as-document.ts";
import type { Route } from "./+types/withdraw";
import { handleWithdrawAction, type StatementErrors, type StatementValues } from "./withdraw.server.ts";

export const handle: PageHandle = { script: legalScript };
export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: copy.title },
  { name: "description", content: copy.description },
  { tagName: "link", rel: "canonical", href: `${loaderData?.publicUrl ?? ""}${WITHDRAW_PATH}` },
];

/** What the buyer typed is never cached, nor the answer. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl, supportEmail } = publicConfigOf(context);
  return { publicUrl, supportEmail };
}

export const action = needsDatabase(async ({ request, context }: Route.ActionArgs) => {
  const form = await readForm(request);
  const { body, status } = await handleWithdrawAction(
    context.get(servicesContext),
    form,
    context.get(clientIpContext),
  );
  return data(body, { status });
});

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-base focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700";
const primaryButton =
  "rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 focus:outline-none focus:ring-2 focus:ring-brand-700 focus:ring-offset-2";

function Field({
  name,
  label,
  hint,
  type = "text",
  autoComplete,
  value,
  error,
  maxLength,
}: {
  name: keyof StatementValues;
  label: string;
  hint?: string;
  type?: string;
  autoComplete: string;
  value: string;
  error?: string;
  maxLength: number;
}) {
  const described = [hint && `${name}-hint`, error && `${name}-error`].filter(Boolean).join(" ");
  return (
    <div className="mt-5">
      <label htmlFor={`withdraw-${name}`} className="block font-semibold">
        {label}
      </label>
      {hint && (
        <p id={`${name}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <input
        id={`withdraw-${name}`}
        name={name}
        type={type}
        required
        maxLength={maxLength}
        autoComplete={autoComplete}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={inputClass}
      />
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function StatementForm({ values, errors }: { values: StatementValues; errors: StatementErrors }) {
  return (
    <form method="post" className="relative mt-6" noValidate data-withdraw-form>
      <HoneypotField />
      <Field
        name="identifier"
        label={copy.identifierLabel}
        hint={copy.identifierHint}
        autoComplete="off"
        value={values.identifier}
        error={errors.identifier}
        maxLength={WITHDRAWAL_LIMITS.identifier}
      />
      <Field
        name="name"
        label={copy.nameLabel}
        autoComplete="name"
        value={values.name}
        error={errors.name}
        maxLength={WITHDRAWAL_LIMITS.name}
      />
      <Field
        name="email"
        label={copy.emailLabel}
        hint={copy.emailHint}
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        maxLength={254}
      />
      <button type="submit" name="intent" value="review" className={`mt-8 ${primaryButton}`}>
        {copy.review}
      </button>
    </form>
  );
}

function Review({ values }: { values: StatementValues }) {
  return (
    <section aria-labelledby="withdraw-review" className="mt-6">
      <h2 id="withdraw-review" className="text-xl font-bold">
        {copy.reviewTitle}
      </h2>
      <p className="mt-2 text-slate-700">{copy.reviewIntro}</p>
      <blockquote className="mt-4 rounded-lg border-l-4 border-brand-700 bg-slate-50 p-4" data-statement>
        <p>{copy.statement(values.name, values.identifier)}</p>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-semibold">{copy.identifierTerm}</dt>
          <dd className="[overflow-wrap:anywhere]">{values.identifier}</dd>
          <dt className="font-semibold">{copy.nameTerm}</dt>
          <dd className="[overflow-wrap:anywhere]">{values.name}</dd>
          <dt className="font-semibold">{copy.emailTerm}</dt>
          <dd className="[overflow-wrap:anywhere]">{values.email}</dd>
        </dl>
      </blockquote>
      <form method="post" className="relative mt-6 flex flex-wrap items-center gap-4">
        <HoneypotField />
        <input type="hidden" name="identifier" value={values.identifier} />
        <input type="hidden" name="name" value={values.name} />
        <input type="hidden" name="email" value={values.email} />
        <button type="submit" name="intent" value="confirm" className={primaryButton}>
          {copy.confirm}
        </button>
        <button
          type="submit"
          name="intent"
          value="edit"
          className="rounded-md border border-slate-400 px-6 py-3 font-semibold text-slate-800 hover:bg-slate-50"
        >
          {copy.change}
        </button>
      </form>
    </section>
  );
}

export default function Withdraw({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData;
  return (
    <article className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-extrabold tracking-tight">
        {answer?.step === "done" ? copy.doneTitle : copy.title}
      </h1>
      {answer?.step === "done" ? (
        <div role="status" data-withdraw-done>
          <p className="mt-4 text-slate-700">{copy.done(dateTime(answer.at))}</p>
          <p className="mt-4 text-slate-700">{copy.doneHelp(loaderData.supportEmail)}</p>
          <Link to="/" className="mt-8 inline-block text-brand-700 underline underline-offset-4">
            {copy.home}
          </Link>
        </div>
      ) : answer?.step === "review" ? (
        <Review values={answer.values} />
      ) : (
        <>
          <p className="mt-4 text-slate-700">{copy.intro}</p>
          <StatementForm
            values={answer?.step === "form" ? answer.values : { identifier: "", name: "", email: "" }}
            errors={answer?.step === "form" ? answer.errors : {}}
          />
        </>
      )}
    </article>
  );
}
