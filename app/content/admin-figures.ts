/** The Panoramica's rankings and the owner's e-mail switches, in Italian like the rest of the admin (ADR 023). */
export const ADMIN_FIGURES_COPY = {
  top: {
    sources: "Provenienze principali",
    sourcesEmpty: "Nessuna visita da altri siti o campagne nel periodo.",
    articles: "Articoli principali",
    articlesEmpty: "Nessuna visita agli articoli nel periodo.",
    source: "Provenienza",
    article: "Articolo",
    visits: "Visite",
    sales: "Vendite",
  },
  notices: {
    title: "Avvisi via e-mail",
    text: (email: string) => `Le e-mail arrivano all'indirizzo di assistenza (${email}).`,
    sale: "Un'e-mail a ogni vendita",
    dailySummary: "Un riepilogo ogni giorno (ordini, incassi, rimborsi, e-mail non consegnate)",
    save: "Salva gli avvisi",
    saved: "Avvisi salvati.",
  },
} as const;

/** The CSV export's column headers (the file is read in Italian spreadsheets). */
export const ORDERS_CSV_COPY = {
  headers: [
    "Numero",
    "Creato il (UTC)",
    "E-mail",
    "Importo (USD)",
    "Di cui IVA (USD)",
    "Paese",
    "Sconto",
    "Stato",
    "Pagato il (UTC)",
    "Rimborsato il (UTC)",
    "Fornitore",
    "Riferimento",
  ],
  yes: "sì",
  no: "no",
  excelLink: "CSV per Excel",
} as const;
