/**
 * The registers as CSV files, written as the orders' export is (orders-csv.server.ts): every cell
 * quoted, text that a spreadsheet would run as a formula neutralised, "," with decimal points or,
 * for Excel with an Italian locale, ";" with decimal commas. Amounts are written by the store
 * itself, so a negative one keeps its minus sign (the formula guard is for text only).
 */
import {
  REGIME_LABELS,
  REGISTERS_COPY,
  REGISTERS_CSV_COPY,
  type RegisterName,
} from "#app/content/admin-registers.ts";
import { type CsvSeparator, csvCell } from "#app/lib/admin/orders-csv.server.ts";
import type { Registers } from "#app/lib/books/registers.server.ts";

/** The file of one register, header first, each line ending in CRLF. */
export function registerCsv(registers: Registers, name: RegisterName, separator: CsvSeparator = ","): string {
  const decimal = (text: string) => (separator === ";" ? text.replace(".", ",") : text);
  const money = (cents: number | null) => (cents === null ? "" : decimal((cents / 100).toFixed(2)));
  const rate = (percent: number | null) => (percent === null ? "" : decimal(String(percent)));
  /** A number the store wrote: quoted, never prefixed. */
  const figure = (text: string) => `"${text}"`;
  const line = (cells: string[]) => `${cells.join(separator)}\r\n`;
  const header = (headers: readonly string[]) => line(headers.map(csvCell));

  if (name === "vendite")
    return (
      header(REGISTERS_CSV_COPY.vendite) +
      registers.rows
        .map((row) =>
          line([
            csvCell(row.date),
            csvCell(REGISTERS_COPY.kinds[row.kind]),
            csvCell(row.reference),
            csvCell(row.document ?? ""),
            csvCell(row.buyerType === "business" ? REGISTERS_COPY.business : REGISTERS_COPY.consumer),
            csvCell(row.country ?? REGISTERS_COPY.unknownCountry),
            csvCell(REGIME_LABELS[row.regime]),
            figure(money(row.chargedCents)),
            csvCell(row.currency),
            figure(row.rate ? decimal(String(row.rate.perEuro)) : ""),
            csvCell(row.rate?.day ?? ""),
            figure(money(row.euro?.totalCents ?? null)),
            figure(money(row.euro?.taxableCents ?? null)),
            figure(money(row.euro?.taxCents ?? null)),
            figure(rate(row.ratePercent)),
            csvCell(row.natura ?? ""),
          ]),
        )
        .join("")
    );
  if (name === "corrispettivi")
    return (
      header(REGISTERS_CSV_COPY.corrispettivi) +
      registers.takings
        .map((day) =>
          line([
            csvCell(day.day),
            figure(String(day.sales)),
            figure(rate(day.ratePercent)),
            figure(money(day.totalCents)),
            figure(money(day.taxableCents)),
            figure(money(day.taxCents)),
          ]),
        )
        .join("")
    );
  return (
    header(REGISTERS_CSV_COPY.oss) +
    registers.oss.lines
      .map((ossLine) =>
        line([
          csvCell(ossLine.country),
          figure(rate(ossLine.ratePercent)),
          figure(money(ossLine.taxableCents)),
          figure(money(ossLine.taxCents)),
        ]),
      )
      .join("") +
    line([
      csvCell(REGISTERS_CSV_COPY.ossTotal),
      figure(""),
      figure(money(registers.oss.total.taxableCents)),
      figure(money(registers.oss.total.taxCents)),
    ])
  );
}
