/**
 * Numbers, amounts and dates in the admin, in Italian (Intl it-IT). Times are shown in Italy's
 * time zone, so the server's page and the browser's render agree; days of the figures are UTC.
 */
let formats:
  | {
      money: Intl.NumberFormat;
      euro: Intl.NumberFormat;
      number: Intl.NumberFormat;
      percent: Intl.NumberFormat;
      dateTime: Intl.DateTimeFormat;
      day: Intl.DateTimeFormat;
      shortDay: Intl.DateTimeFormat;
      monthYear: Intl.DateTimeFormat;
    }
  | undefined;

function it() {
  formats ??= {
    money: new Intl.NumberFormat("it-IT", { style: "currency", currency: "USD" }),
    euro: new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR" }),
    number: new Intl.NumberFormat("it-IT"),
    percent: new Intl.NumberFormat("it-IT", { style: "percent", maximumFractionDigits: 1 }),
    dateTime: new Intl.DateTimeFormat("it-IT", {
      dateStyle: "short",
      timeStyle: "short",
      timeZone: "Europe/Rome",
    }),
    day: new Intl.DateTimeFormat("it-IT", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }),
    shortDay: new Intl.DateTimeFormat("it-IT", { day: "2-digit", month: "2-digit", timeZone: "UTC" }),
    monthYear: new Intl.DateTimeFormat("it-IT", { month: "long", year: "numeric", timeZone: "UTC" }),
  };
  return formats;
}

/** 4700 -> "47,00 USD". */
export const moneyIt = (cents: number) => it().money.format(cents / 100);
/** Euro cents as the books show them (invoices and registers are in euro): -123456 -> "-1.234,56 €". */
export const euroIt = (cents: number) => it().euro.format(cents / 100);
/** 12345 -> "12.345". */
export const numberIt = (n: number) => it().number.format(n);
/** 0.125 -> "12,5%". */
export const percentIt = (share: number) => it().percent.format(share);
/** A moment, to the minute, in Italy's time: "27/11/26, 21:05". */
export const dateTimeIt = (at: Date | string) => it().dateTime.format(new Date(at));
/** A UTC day ("2026-11-27") -> "27 novembre 2026". */
export const dayIt = (day: string) => it().day.format(new Date(`${day}T00:00:00Z`));
/** A month or a quarter of the books: "novembre 2026", "4º trimestre 2026". */
export const periodIt = (period: { kind: "month" | "quarter"; year: number; index: number }) =>
  period.kind === "quarter"
    ? `${period.index}º trimestre ${period.year}`
    : it().monthYear.format(new Date(Date.UTC(period.year, period.index - 1, 1)));
/** A UTC day ("2026-11-27") -> "27/11". */
export const shortDayIt = (day: string) => it().shortDay.format(new Date(`${day}T00:00:00Z`));
