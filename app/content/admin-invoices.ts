/**
 * The seller's books in the admin (ADR 043), in Italian: the "Dati fiscali" section of Impostazioni
 * (what an invoice needs, the series' next number) and the Fatture page (the period's e-invoices to
 * hand to the SDI intermediary, and the invoice requests still waiting).
 */
import type { TreatmentKind } from "#app/lib/books/sale-regime.ts";

export const ADMIN_FISCAL_COPY = {
  title: "Dati fiscali",
  intro:
    "Ciò che ogni fattura elettronica riporta del venditore. Il negozio emette le fatture richieste dagli acquirenti solo quando questi dati sono completi; chiedi conferma al tuo commercialista.",
  missingTitle: "La fattura non può essere emessa finché manca:",
  complete: "Dati completi: il negozio può emettere le fatture.",
  fromEnv: "Dalle variabili d'ambiente",
  sellerName: "Ragione sociale (SELLER_NAME)",
  vatId: "Partita IVA (SELLER_VAT_ID)",
  unset: "non impostata",
  envHint:
    "Sono gli stessi dati stampati a piè di ogni pagina: si cambiano nelle variabili d'ambiente SELLER_NAME e SELLER_VAT_ID, riavviando il negozio (vedi il README).",
  regime: "Regime IVA",
  regimes: {
    ordinario: "Ordinario: la fattura applica l'IVA",
    forfettario: "Forfettario (L. 190/2014): nessuna IVA, Natura N2.2 e bollo sopra 77,47 €",
  },
  codiceFiscale: "Codice fiscale",
  codiceFiscaleHint: "Facoltativo se coincide con la partita IVA (società).",
  street: "Indirizzo della sede (via e numero)",
  postcode: "CAP",
  city: "Comune",
  province: "Provincia (sigla)",
  series: "Sezionale",
  seriesHint: "Stampato prima del numero (FT/1, FT/2, …); le note di credito usano lo stesso sezionale.",
  requestDays: "Giorni per chiedere la fattura dopo il pagamento",
  requestDaysHint:
    "Sulla pagina di conferma dell'acquisto. Al massimo 12: la fattura immediata si emette entro 12 giorni dall'operazione (art. 21 c. 4 DPR 633/72).",
  threshold: "Vendite a consumatori di altri Paesi UE",
  thresholdChoices: {
    above:
      "Oltre 10.000 € l'anno (o opzione esercitata): IVA del Paese dell'acquirente, tramite OSS (art. 7-octies DPR 633/72).",
    below: "Sotto 10.000 € l'anno in tutta la UE: IVA italiana, come per un consumatore italiano.",
  },
  natura: "Forfettario: Natura delle fatture a imprese estere",
  naturaChoices: {
    "N2.1":
      "N2.1, non soggetta per il luogo della prestazione (art. 7-ter DPR 633/72): la scelta più diffusa.",
    "N2.2": "N2.2, non soggetta per il regime forfettario: se il tuo commercialista la preferisce.",
  },
  save: "Salva i dati fiscali",
  saved: "Dati fiscali salvati.",
  refused: "Dati non salvati: correggi i campi segnalati.",
  errors: {
    regime: "Scegli il regime IVA: ordinario o forfettario.",
    codiceFiscale:
      "Codice fiscale non valido: 16 lettere e cifre con il carattere di controllo giusto, o le 11 cifre di una società.",
    street: "Scrivi via e numero civico della sede (al massimo 60 caratteri).",
    postcode: "Il CAP ha 5 cifre, per esempio 20121.",
    city: "Scrivi il comune della sede (al massimo 60 caratteri).",
    province: "La provincia si scrive con la sigla di 2 lettere, per esempio MI.",
    series: "Il sezionale è fatto di lettere e cifre, al massimo 10, per esempio FT.",
    requestDays: "I giorni per chiedere la fattura sono un numero intero da 0 a 12.",
    latin1:
      "Contiene un carattere che la fattura elettronica non accetta: usa lettere latine (à, è, ö vanno bene).",
    choice: "Scegli una delle due opzioni.",
  },
  next: {
    title: "Prossimo numero",
    intro:
      "I numeri seguono senza salti né ripetizioni, per sezionale e anno (art. 21 c. 2 lett. b DPR 633/72). Se quest'anno hai già emesso fatture con un altro programma, riparti dal numero successivo all'ultimo.",
    state: (series: string, year: number, next: number, highest: number) =>
      highest > 0
        ? `Sezionale ${series}, anno ${year}: il prossimo documento avrà il numero ${next} (l'ultimo emesso è il ${highest}).`
        : `Sezionale ${series}, anno ${year}: il prossimo documento avrà il numero ${next}.`,
    label: "Nuovo prossimo numero",
    save: "Imposta il prossimo numero",
    saved: (series: string, year: number, next: number) =>
      `Fatto: il prossimo documento del sezionale ${series} per il ${year} avrà il numero ${next}.`,
    invalid: "Scrivi un numero intero da 1 a 999999.",
    seriesFirst: "Salva prima un sezionale valido nei dati fiscali.",
    used: (series: string, year: number, highest: number) =>
      `Il numero ${highest} del sezionale ${series} è già su un documento del ${year}: scegli un numero da ${highest + 1} in su.`,
    lower: (series: string, year: number, current: number) =>
      `Il prossimo numero del sezionale ${series} per il ${year} è già ${current}: non si può abbassare, altrimenti un numero potrebbe essere usato due volte.`,
    gapTitle: "Lasciare numeri inutilizzati?",
    gap: (series: string, year: number, from: number, to: number) =>
      from === to
        ? `Il numero ${from} del sezionale ${series} per il ${year} resterà inutilizzato: confermi?`
        : `I numeri da ${from} a ${to} del sezionale ${series} per il ${year} resteranno inutilizzati: confermi?`,
    gapHint:
      "La numerazione non deve avere salti: conferma solo se quei numeri li hai già usati con un altro programma, altrimenti correggi il numero.",
    gapConfirm: (next: number) => `Sì, il prossimo numero è ${next}`,
    gapCancel: "Correggi il numero",
  },
} as const;

export const ADMIN_INVOICES_COPY = {
  title: "Fatture",
  intro:
    "Le fatture elettroniche e le note di credito emesse dal negozio, in XML FatturaPA, già nominate come le vuole lo SdI. Scaricale per il periodo e consegnale al tuo intermediario (commercialista o servizio di invio), che le trasmette al Sistema di Interscambio.",
  period: "Periodo",
  show: "Mostra",
  badPeriod:
    "Periodo non valido: scegli un mese (AAAA-MM) o un trimestre (AAAA-T1 … AAAA-T4) dall'elenco. Ecco il trimestre in corso.",
  zip: "Scarica tutte (ZIP)",
  zipHint: (count: number) => `${count} file XML, con i nomi con cui vanno all'intermediario.`,
  none: "Nessuna fattura né nota di credito in questo periodo.",
  emptyZip: (period: string) =>
    `Nessuna fattura né nota di credito nel periodo ${period}: non c'è nulla da scaricare.`,
  back: "Torna alle fatture",
  zipBadPeriod:
    "Periodo non valido: indica un mese (AAAA-MM, per esempio 2026-11) o un trimestre (AAAA-T1 … AAAA-T4, per esempio 2026-T4).",
  listTitle: "Documenti del periodo",
  testTitle: "Documenti di prova",
  testIntro:
    "Emessi per pagamenti di prova (modalità di test o chiavi Stripe di test), in un sezionale a parte: Documento di prova, senza valore fiscale. Non vanno all'intermediario e non entrano nei registri né nei dati OSS.",
  count: (count: number) => (count === 1 ? "1 documento" : `${count} documenti`),
  columns: {
    number: "Numero",
    date: "Data",
    order: "Ordine",
    buyer: "Cliente",
    kind: "Tipo e trattamento",
    total: "Totale",
    taxable: "Imponibile",
    tax: "IVA o Natura",
    file: "File XML",
  },
  kinds: { invoice: "Fattura (TD01)", "credit-note": "Nota di credito (TD04)" },
  treatments: {
    "italian-consumer": "consumatore italiano, IVA 22 %",
    "eu-consumer-oss": "consumatore UE, IVA del suo Paese tramite OSS",
    "eu-consumer-italian-vat": "consumatore UE, IVA italiana (sotto soglia)",
    "non-eu-consumer": "consumatore extra UE, non soggetta",
    "italian-business": "impresa italiana, IVA 22 %",
    "eu-business": "impresa UE, inversione contabile",
    "non-eu-business": "impresa extra UE, non soggetta",
    "flat-rate": "regime forfettario, senza IVA",
  } satisfies Record<TreatmentKind, string>,
  vat: (rate: string, tax: string) => `${rate} % · ${tax}`,
  stamp: (amount: string) => `bollo ${amount}`,
  download: "Scarica",
  waitingTitle: "Richieste di fattura in attesa",
  waitingIntro:
    "Richieste degli acquirenti per cui la fattura non è ancora stata emessa, con il motivo: una volta risolto, il negozio la emette da sé.",
  waitingNone: "Nessuna richiesta in attesa.",
  waitingColumns: { order: "Ordine", requested: "Richiesta il", buyer: "Cliente", state: "Stato" },
  waiting: (problem: string | null) => (problem ? `In attesa: ${problem}` : "In attesa di emissione."),
  buyerTypes: { consumer: "privato", business: "impresa" },
} as const;
