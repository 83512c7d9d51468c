/**
 * Dati fiscali on Impostazioni (ADR 043): what still keeps the store from invoicing, the seller's
 * name and partita IVA from the environment, the form of the fiscal settings (each refused field
 * said beside it) and the series' next number. Both forms post as documents, with JavaScript or
 * without; the answer is shown in the section, or, for a next number that would skip numbers, as a
 * confirmation that posts it again.
 */
import { useEffect, useRef } from "react";
import { Form, Link, useNavigate } from "react-router";
import { ADMIN_FISCAL_COPY as copy } from "#app/content/admin-invoices.ts";
import type { EnteredFiscal, FiscalErrors, SettingsPageData } from "#app/routes/admin/settings.server.ts";

export type FiscalAnswer = {
  intent: "fiscal-settings" | "invoice-next-number";
  ok: boolean;
  message: string;
  entered?: EnteredFiscal;
  errors?: FiscalErrors;
  /** The next number that would leave a gap, asked back for the owner to confirm. */
  confirmNext?: number;
};

const field = "mt-1 rounded-md border border-slate-300 px-3 py-2 text-sm aria-invalid:border-red-600";
const input = `${field} w-full`;

function Answer({ answer }: { answer: FiscalAnswer }) {
  return (
    <p
      role={answer.ok ? "status" : "alert"}
      data-testid={`${answer.intent}-answer`}
      className={`mt-3 rounded-lg px-4 py-3 text-sm ${
        answer.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"
      }`}
    >
      {answer.message}
    </p>
  );
}

/**
 * The question a next number that skips numbers gets back: its gap named, and a confirmation that
 * posts the number again with gapConfirmed. Rendered open by the server (for a browser without
 * JavaScript), reopened as a modal; cancelling loads the page again without it.
 */
function GapConfirmation({ answer, next }: { answer: FiscalAnswer; next: number }) {
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (element.open) element.close();
    element.showModal();
  }, []);
  // Closed by Escape: the page follows. (Reopening the server's open dialog as a modal fires a
  // "close" too, after which the dialog is open again.)
  const cancel = () => {
    if (!dialog.current?.open) navigate("?", { replace: true, preventScrollReset: true });
  };
  return (
    <dialog
      ref={dialog}
      open
      aria-labelledby="gap-title"
      onClose={cancel}
      className="m-auto w-[min(92vw,28rem)] rounded-2xl p-6 backdrop:bg-slate-900/60"
    >
      <h2 id="gap-title" className="text-lg font-bold">
        {copy.next.gapTitle}
      </h2>
      <p className="mt-2 text-sm" data-testid="invoice-next-number-answer">
        {answer.message}
      </p>
      <p className="mt-2 text-sm text-slate-700">{copy.next.gapHint}</p>
      <Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
        <input type="hidden" name="next" value={next} />
        <input type="hidden" name="gapConfirmed" value="yes" />
        <Link to="?" replace preventScrollReset className="rounded-md px-4 py-2 text-sm hover:bg-slate-100">
          {copy.next.gapCancel}
        </Link>
        <button
          type="submit"
          name="intent"
          value="invoice-next-number"
          className="rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700"
        >
          {copy.next.gapConfirm(next)}
        </button>
      </Form>
    </dialog>
  );
}

/** A text field with its label, hint and, after a refusal, its error. */
function TextField(props: {
  name: keyof EnteredFiscal;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  className?: string;
  inputMode?: "numeric" | "text";
  maxLength: number;
  autoComplete?: string;
}) {
  const described = [props.hint && `${props.name}-hint`, props.error && `${props.name}-error`]
    .filter(Boolean)
    .join(" ");
  return (
    <label className={`block ${props.className ?? ""}`}>
      {props.label}
      <input
        name={props.name}
        type="text"
        defaultValue={props.value}
        maxLength={props.maxLength}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete ?? "off"}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described || undefined}
        className={input}
      />
      {props.hint && (
        <span id={`${props.name}-hint`} className="text-xs text-slate-500">
          {props.hint}
        </span>
      )}
      {props.error && (
        <span id={`${props.name}-error`} className="block text-xs font-medium text-red-800">
          {props.error}
        </span>
      )}
    </label>
  );
}

/** Two or more radio choices as one fieldset, with its error after a refusal. */
function Choice(props: {
  name: keyof EnteredFiscal;
  legend: string;
  value: string;
  options: Record<string, string>;
  error?: string;
}) {
  return (
    <fieldset
      className="sm:col-span-2"
      aria-describedby={props.error ? `${props.name}-error` : undefined}
      aria-invalid={props.error ? true : undefined}
    >
      <legend className="font-medium">{props.legend}</legend>
      {Object.entries(props.options).map(([value, label]) => (
        <label key={value} className="mt-1 flex items-start gap-2">
          <input
            type="radio"
            name={props.name}
            value={value}
            defaultChecked={props.value === value}
            className="mt-0.5 size-4 shrink-0"
          />
          {label}
        </label>
      ))}
      {props.error && (
        <span id={`${props.name}-error`} className="block text-xs font-medium text-red-800">
          {props.error}
        </span>
      )}
    </fieldset>
  );
}

export function FiscalSettingsCard({
  fiscal,
  answer,
}: {
  fiscal: SettingsPageData["fiscal"];
  answer: FiscalAnswer | null;
}) {
  const { stored, numbering } = fiscal;
  const refused = answer?.intent === "fiscal-settings" && !answer.ok ? answer : null;
  const errors = refused?.errors ?? {};
  const value: EnteredFiscal = refused?.entered ?? {
    regime: stored.regime ?? "",
    codiceFiscale: stored.codiceFiscale ?? "",
    street: stored.street ?? "",
    postcode: stored.postcode ?? "",
    city: stored.city ?? "",
    province: stored.province ?? "",
    series: stored.series,
    requestDays: String(stored.requestDays),
    threshold: stored.euConsumerSalesAboveThreshold ? "above" : "below",
    natura: stored.flatRateForeignBusinessNatura,
  };
  return (
    <section
      id="dati-fiscali"
      aria-labelledby="fiscal-title"
      className="mt-6 rounded-xl border border-slate-200 p-4"
    >
      <h2 id="fiscal-title" className="text-lg font-bold">
        {copy.title}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">{copy.intro}</p>
      {fiscal.missing.length > 0 ? (
        <div
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="fiscal-missing"
        >
          <p className="font-semibold">{copy.missingTitle}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {fiscal.missing.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p
          className="mt-3 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
          data-testid="fiscal-missing"
        >
          {copy.complete}
        </p>
      )}
      {answer?.intent === "fiscal-settings" && <Answer answer={answer} />}
      <h3 className="mt-4 font-semibold">{copy.fromEnv}</h3>
      <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">{copy.sellerName}</dt>
        <dd className="break-words">{fiscal.sellerName ?? copy.unset}</dd>
        <dt className="text-slate-600">{copy.vatId}</dt>
        <dd>{fiscal.vatId ?? copy.unset}</dd>
      </dl>
      <p className="mt-1 text-xs text-slate-500">{copy.envHint}</p>
      <Form method="post" className="mt-4 grid gap-3 text-sm sm:grid-cols-2" noValidate>
        <Choice
          name="regime"
          legend={copy.regime}
          value={value.regime}
          options={copy.regimes}
          error={errors.regime}
        />
        <TextField
          name="codiceFiscale"
          label={copy.codiceFiscale}
          value={value.codiceFiscale}
          error={errors.codiceFiscale}
          hint={copy.codiceFiscaleHint}
          maxLength={40}
        />
        <TextField
          name="series"
          label={copy.series}
          value={value.series}
          error={errors.series}
          hint={copy.seriesHint}
          maxLength={10}
        />
        <TextField
          name="street"
          label={copy.street}
          value={value.street}
          error={errors.street}
          className="sm:col-span-2"
          maxLength={60}
          autoComplete="address-line1"
        />
        <TextField
          name="postcode"
          label={copy.postcode}
          value={value.postcode}
          error={errors.postcode}
          inputMode="numeric"
          maxLength={5}
          autoComplete="postal-code"
        />
        <TextField
          name="city"
          label={copy.city}
          value={value.city}
          error={errors.city}
          maxLength={60}
          autoComplete="address-level2"
        />
        <TextField
          name="province"
          label={copy.province}
          value={value.province}
          error={errors.province}
          maxLength={2}
        />
        <TextField
          name="requestDays"
          label={copy.requestDays}
          value={value.requestDays}
          error={errors.requestDays}
          hint={copy.requestDaysHint}
          inputMode="numeric"
          maxLength={2}
        />
        <Choice
          name="threshold"
          legend={copy.threshold}
          value={value.threshold}
          options={copy.thresholdChoices}
          error={errors.threshold}
        />
        <Choice
          name="natura"
          legend={copy.natura}
          value={value.natura}
          options={copy.naturaChoices}
          error={errors.natura}
        />
        <button
          type="submit"
          name="intent"
          value="fiscal-settings"
          className="rounded-md bg-slate-900 px-3 py-2 font-medium text-white hover:bg-slate-700 sm:col-span-2 sm:justify-self-start"
        >
          {copy.save}
        </button>
      </Form>
      <h3 className="mt-6 font-semibold">{copy.next.title}</h3>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">{copy.next.intro}</p>
      {numbering ? (
        <>
          <p className="mt-2 text-sm" data-testid="next-number">
            {copy.next.state(numbering.series, numbering.year, numbering.next, numbering.highestUsed)}
          </p>
          {answer?.intent === "invoice-next-number" &&
            (answer.confirmNext ? (
              <GapConfirmation answer={answer} next={answer.confirmNext} />
            ) : (
              <Answer answer={answer} />
            ))}
          <Form method="post" className="mt-2 flex flex-wrap items-end gap-3 text-sm">
            <label className="block">
              {copy.next.label}
              <input
                name="next"
                type="number"
                min={1}
                max={999999}
                step={1}
                required
                defaultValue={numbering.next}
                className={`${field} block w-32`}
              />
            </label>
            <button
              type="submit"
              name="intent"
              value="invoice-next-number"
              className="rounded-md border border-slate-300 px-3 py-2 font-medium hover:bg-slate-50"
            >
              {copy.next.save}
            </button>
          </Form>
        </>
      ) : (
        <p className="mt-2 text-sm">{copy.next.seriesFirst}</p>
      )}
    </section>
  );
}
