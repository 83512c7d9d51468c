/** Registri, the admin's page of the seller's registers and OSS figures, and its CSV files, in Italian. */
import type { TreatmentKind } from "#app/lib/books/sale-regime.ts";

/** The regime each sale was recorded under, as the registers name it. */
export const REGIME_LABELS: Record<TreatmentKind | "unknown-country", string> = {
  "italian-consumer": "Consumatore italiano",
  "eu-consumer-oss": "Consumatore UE (OSS)",
  "eu-consumer-italian-vat": "Consumatore UE, IVA italiana (sotto soglia)",
  "non-eu-consumer": "Consumatore fuori UE",
  "italian-business": "Impresa italiana",
  "eu-business": "Impresa UE, inversione contabile",
  "non-eu-business": "Impresa fuori UE",
  "flat-rate": "Forfettario",
  "unknown-country": "Paese sconosciuto",
};

export const REGISTERS_COPY = {
  title: "Registri",
  intro:
    "Le vendite, i rimborsi e le contestazioni perse del periodo (ora di Roma), con l'IVA di ciascuno, il registro dei corrispettivi e i dati della dichiarazione OSS. Rimborsi e contestazioni perse riducono il periodo in cui avvengono.",

  chooserLabel: "Periodo",
  show: "Mostra",
  badPeriod: (asked: string) =>
    `Periodo «${asked.slice(0, 40)}» non valido: scrivi un mese (2026-11) o un trimestre (2026-T4). Mostro il trimestre in corso.`,
  notFinal: "Questi registri non sono definitivi:",
  problems: {
    noRegime:
      "Il regime IVA non è impostato (Impostazioni, dati fiscali): i registri assumono il regime ordinario.",
    noRate: (reference: string, currency: string, day: string) =>
      `Manca il cambio BCE di ${currency} del ${day} per ${reference}: la riga non ha importi in euro e non è nei totali.`,
    noOssRate: (currency: string, day: string) =>
      `Manca il cambio BCE di ${currency} del ${day} (o della pubblicazione successiva) per la dichiarazione OSS: le righe in ${currency} non sono nei totali OSS.`,
    unknownCountry: (count: number) =>
      `${count} ${count === 1 ? "operazione" : "operazioni"} senza paese dell'acquirente: ${count === 1 ? "è contata" : "sono contate"} a parte come «Paese sconosciuto», senza IVA.`,
  },
  summaryTitle: "Riepilogo per regime",
  regime: "Regime",
  sales: "Vendite",
  refunds: "Rimborsi",
  summaryText:
    "Rimborsi: anche le contestazioni perse, nel periodo in cui avvengono. Imponibile e IVA al netto dei rimborsi.",
  net: "Imponibile",
  vat: "IVA",
  total: "Totale",
  totalRow: "Totale",
  empty: "Nessuna vendita né rimborso nel periodo.",
  takingsTitle: "Registro dei corrispettivi",
  takingsText:
    "Le vendite senza fattura a consumatori tassate in Italia, per giorno e aliquota; i rimborsi riducono il giorno in cui avvengono.",
  takingsEmpty: "Nessun corrispettivo nel periodo.",
  day: "Giorno",
  count: "Vendite",
  rate: "Aliquota",
  ossTitle: "Dichiarazione OSS",
  ossText: (day: string) =>
    `Per Stato membro di consumo e aliquota, in euro al cambio BCE dell'ultimo giorno del periodo (${day}, o della pubblicazione successiva), arrotondati al centesimo: da copiare nella dichiarazione trimestrale.`,
  ossEmpty: "Nessuna vendita OSS nel periodo.",
  country: "Stato membro",
  taxable: "Imponibile",
  ossCorrectionsTitle: "Di cui rimborsi di vendite di periodi precedenti",
  ossCorrectionsText:
    "Già sottratti sopra. La guida OSS della Commissione tratta le modifiche di una dichiarazione già presentata come rettifiche in una dichiarazione successiva, indicando il periodo d'origine (art. 61 Reg. 282/2011): chiedi al tuo commercialista come inserirli.",
  originalPeriod: "Periodo della vendita",
  downloadsTitle: "Scarica i registri (CSV)",
  downloads: {
    vendite: "Registro delle vendite",
    corrispettivi: "Registro dei corrispettivi",
    oss: "Dati OSS",
  },
  excel: "per Excel",
  unknownCountry: "sconosciuto",
  consumer: "consumatore",
  business: "impresa",
  kinds: { sale: "vendita", refund: "rimborso", "dispute-lost": "contestazione persa" },
  csvBadPeriod: "Periodo non valido: scrivi un mese (2026-11) o un trimestre (2026-T4).",
  csvBadRegister: "Registro sconosciuto: vendite, corrispettivi o oss.",
} as const;

/** The registers one can download, as `?registro=` names them. */
export const REGISTER_NAMES = ["vendite", "corrispettivi", "oss"] as const;
export type RegisterName = (typeof REGISTER_NAMES)[number];

/** The CSV files' column headers (read in Italian spreadsheets). */
export const REGISTERS_CSV_COPY = {
  vendite: [
    "Data",
    "Operazione",
    "Riferimento ordine",
    "Documento",
    "Tipo acquirente",
    "Paese",
    "Regime",
    "Importo addebitato",
    "Valuta",
    "Cambio BCE (per 1 EUR)",
    "Giorno del cambio",
    "Totale (EUR)",
    "Imponibile (EUR)",
    "IVA (EUR)",
    "Aliquota (%)",
    "Natura",
  ],
  corrispettivi: ["Giorno", "Vendite", "Aliquota (%)", "Totale (EUR)", "Imponibile (EUR)", "IVA (EUR)"],
  oss: ["Stato membro", "Aliquota (%)", "Imponibile (EUR)", "IVA (EUR)"],
  ossTotal: "Totale",
} as const;
