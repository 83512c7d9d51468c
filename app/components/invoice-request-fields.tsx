import { INVOICE_REQUEST_COPY as COPY } from "#app/content/invoice-request.ts";
import { countryOptions } from "#app/lib/books/countries.ts";
import type { InvoiceField, InvoiceFormValues } from "#app/lib/books/invoice-request.ts";

const INPUT = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2.5 text-base focus:border-brand-600";

/**
 * The invoice request's fields, the same at checkout (inside its collapsed section, with "No
 * invoice" chosen first) and on the success page: every field shown, each with its label, its hint
 * saying for whom it is, and its error beside it; a refused form comes back with what was typed.
 * Plain form fields: they post without JavaScript; the page script shows only those that apply.
 */
export function InvoiceRequestFields({
  values,
  errors,
  optional,
}: {
  values: InvoiceFormValues;
  errors: Partial<Record<InvoiceField, string>>;
  /** At checkout: "No invoice" is a choice, and the one made until the buyer picks another. */
  optional: boolean;
}) {
  const buyerType = values.buyerType ?? (optional ? "" : "consumer");
  const country = values.country ?? "IT";
  const text = (
    name: Exclude<InvoiceField, "buyerType" | "country">,
    label: string,
    options: {
      autoComplete: string;
      /** Whom the field is for, for the page script to show it only to them (app/enhance/invoice-fields.ts). */
      shownFor: string;
      hint?: string;
      inputMode?: "email";
      maxLength?: number;
    },
  ) => {
    const id = `invoice-${name}`;
    const described = [options.hint && `${id}-hint`, errors[name] && `${id}-error`].filter(Boolean).join(" ");
    return (
      <div data-shown-for={options.shownFor}>
        <label htmlFor={id} className="block text-sm font-semibold">
          {label}
        </label>
        <input
          id={id}
          name={name}
          type={options.inputMode === "email" ? "email" : "text"}
          autoComplete={options.autoComplete}
          maxLength={options.maxLength ?? 100}
          defaultValue={values[name]}
          aria-describedby={described || undefined}
          aria-invalid={errors[name] ? true : undefined}
          className={INPUT}
        />
        {options.hint && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
            {options.hint}
          </p>
        )}
        {errors[name] && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {errors[name]}
          </p>
        )}
      </div>
    );
  };

  return (
    <div className="grid gap-4" data-invoice-fields>
      <fieldset aria-describedby={errors.buyerType ? "invoice-buyerType-error" : undefined}>
        <legend className="text-sm font-semibold">{COPY.buyerType}</legend>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
          {(optional ? (["", "consumer", "business"] as const) : (["consumer", "business"] as const)).map(
            (value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="buyerType"
                  value={value}
                  defaultChecked={buyerType === value}
                  className="size-4 accent-brand-700"
                />
                {value === "" ? COPY.none : COPY[value]}
              </label>
            ),
          )}
        </div>
        {errors.buyerType && (
          <p id="invoice-buyerType-error" className="mt-1 text-sm text-red-700">
            {errors.buyerType}
          </p>
        )}
      </fieldset>
      {text("company", COPY.company, {
        autoComplete: "organization",
        shownFor: "business",
        hint: COPY.companyHint,
        maxLength: 100,
      })}
      <div className="grid gap-4 sm:grid-cols-2" data-shown-for="consumer">
        {text("firstName", COPY.firstName, {
          autoComplete: "given-name",
          shownFor: "consumer",
          hint: COPY.nameHint,
        })}
        {text("lastName", COPY.lastName, { autoComplete: "family-name", shownFor: "consumer" })}
      </div>
      <div data-shown-for="invoice">
        <label htmlFor="invoice-country" className="block text-sm font-semibold">
          {COPY.country}
        </label>
        <select
          id="invoice-country"
          name="country"
          autoComplete="country"
          defaultValue={country}
          aria-describedby={errors.country ? "invoice-country-error" : undefined}
          aria-invalid={errors.country ? true : undefined}
          className={`${INPUT} bg-white`}
        >
          {countryOptions().map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
        {errors.country && (
          <p id="invoice-country-error" className="mt-1 text-sm text-red-700">
            {errors.country}
          </p>
        )}
      </div>
      {text("street", COPY.street, { autoComplete: "address-line1", shownFor: "invoice" })}
      <div className="grid gap-4 sm:grid-cols-[8rem_1fr]" data-shown-for="invoice">
        {text("postcode", COPY.postcode, { autoComplete: "postal-code", shownFor: "invoice", maxLength: 20 })}
        {text("city", COPY.city, { autoComplete: "address-level2", shownFor: "invoice" })}
      </div>
      {text("province", COPY.province, {
        autoComplete: "address-level1",
        shownFor: "IT",
        hint: COPY.provinceHint,
        maxLength: 40,
      })}
      {text("vatNumber", COPY.vatNumber, {
        autoComplete: "off",
        shownFor: "business",
        hint: COPY.vatNumberHint,
        maxLength: 40,
      })}
      {text("codiceFiscale", COPY.codiceFiscale, {
        autoComplete: "off",
        shownFor: "IT",
        hint: COPY.codiceFiscaleHint,
        maxLength: 30,
      })}
      {text("recipientCode", COPY.recipientCode, {
        autoComplete: "off",
        shownFor: "IT business",
        hint: COPY.recipientCodeHint,
        maxLength: 10,
      })}
      {text("pec", COPY.pec, {
        autoComplete: "off",
        shownFor: "IT business",
        inputMode: "email",
        maxLength: 254,
      })}
    </div>
  );
}
