/** The admin's figures section and owner e-mail switches, in Italian like the rest of the admin (ADR 023). */
export const ADMIN_FIGURES_COPY = {
  title: "Andamento",
  intro:
    "Visite e vendite contate senza cookie e senza dati personali: per giorno (UTC), provenienza, campagna, dispositivo e articolo.",
  periods: { label: "Periodo", option: (days: number) => `Ultimi ${days} giorni` },
  revenue: {
    title: "Incassi per giorno",
    chartLabel: (days: number, total: string) =>
      `Grafico degli incassi degli ultimi ${days} giorni: totale ${total}`,
    tableSummary: "Dati del grafico in tabella",
    day: "Giorno",
    amount: "Incassi",
    orders: "Ordini",
    total: "Totale",
  },
  funnel: {
    title: "Percorso di acquisto",
    step: "Passo",
    count: "Numero",
    conversion: "Conversione",
    conversionOf: (base: string) => `sul passo «${base}»`,
    steps: {
      visit_landing: "Visite alla pagina principale",
      visit_blog: "Visite al blog",
      visit_checkout: "Visite al checkout",
      payment_started: "Pagamenti avviati",
      payment_completed: "Pagamenti completati",
      download: "Primi download",
    },
    visits: "visite",
  },
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
