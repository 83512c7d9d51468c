/** Promozioni (ADR 039): the admin's promotions and price-history copy, in Italian. */
import type { ScheduleRefusal } from "#app/lib/pricing/promotions.server.ts";

export const ADMIN_PROMOTIONS_COPY = {
  title: "Promozioni",
  evidence: {
    title: "Prove per un'autorità",
    text: "Per un periodo: ogni promozione (cosa, quando, chi l'ha terminata), ogni cambio del prezzo con chi l'ha registrato, le recensioni pubblicate e nascoste con l'ordine pagato che le verifica e ogni moderazione con il motivo. Un file JSON, ciò che l'AGCM chiede a un venditore.",
    from: "Da",
    to: "A",
    download: "Scarica le prove (JSON)",
    badPeriod:
      "Periodo non valido: indica le date «da» e «a» (AAAA-MM-GG), con «da» non dopo «a», per al massimo tre anni.",
  },
  intro:
    "Uno sconto percentuale tra un inizio e una fine (ora italiana). Il prezzo pagato lo decide il server: un ordine creato mentre la promozione è in corso ha lo sconto, uno creato dopo la fine paga il prezzo pieno.",
  nowTitle: "Prezzo adesso",
  regular: (price: string) => `Prezzo normale: ${price}`,
  running: (percent: number, price: string, end: string) =>
    `Promozione in corso: −${percent} %, ${price} fino al ${end}`,
  reference: (price: string) =>
    `Prezzo barrato mostrato: ${price} (il più basso praticato nei 30 giorni prima dell'inizio)`,
  noneRunning: "Nessuna promozione pubblica in corso: il checkout mostra il prezzo normale, senza sconti.",
  testMode: (price: string, list: string, percent: number) =>
    `Modalità di prova: la pagina principale e il checkout mostrano la promozione d'esempio della specifica (−${percent} %, ${price}, prezzo barrato ${list} e un conto alla rovescia di 5 minuti che riparte a ogni visita), perché un negozio di prova non vende nulla e ciò che mostra non inganna nessuno. Un negozio dal vivo, con le chiavi Stripe, mostra solo le promozioni programmate qui, con la loro fine reale.`,
  formTitle: "Nuova promozione",
  percent: "Sconto (%)",
  percentHint: "Da 1 a 90.",
  startsAt: "Inizio (ora italiana)",
  startsHint: "Un inizio già passato parte adesso.",
  endsAt: "Fine (ora italiana)",
  code: "Codice sconto (facoltativo)",
  codeHint:
    "Vuoto: promozione pubblica, offerta a tutti al checkout (una sola alla volta). Con un codice: vale solo per chi lo inserisce nel campo «Discount code».",
  schedule: "Programma la promozione",
  listTitle: "Promozioni programmate e passate",
  none: "Nessuna promozione finora.",
  columns: {
    discount: "Sconto",
    kind: "Tipo",
    start: "Inizio",
    end: "Fine",
    state: "Stato",
    action: "Azione",
  },
  public: "Pubblica",
  withCode: (code: string) => `Codice ${code}`,
  states: {
    scheduled: "Programmata",
    running: "In corso",
    ended: "Terminata",
    endedEarly: (at: string) => `Terminata in anticipo il ${at}`,
    cancelled: "Annullata",
  },
  endNow: "Termina ora",
  cancel: "Annulla",
  noExtension:
    "Una promozione in corso non si può prolungare né riaprire: annunciare una scadenza che poi non vale è una pratica vietata (Codice del Consumo art. 23, comma 1, lettera g; direttiva 2005/29/CE, allegato I, punto 7). Puoi solo terminarla in anticipo: resta registrato.",
  historyTitle: "Storico dei prezzi",
  historyText:
    "Ogni variazione del prezzo pagato (prezzo normale, inizio e fine di ogni promozione, fine anticipata) con data e autore, conservata per almeno due anni.",
  historyCsv: "Scarica lo storico dei prezzi (CSV)",
  refusals: {
    percent: "Lo sconto deve essere un numero intero tra 1 e 90 %.",
    dates: "Data non valida: indica giorno e ora (ora italiana).",
    endBeforeStart: "La fine deve venire dopo l'inizio.",
    endPast: "La fine è già passata: scegli una fine futura.",
    code: "Il codice può avere da 4 a 32 caratteri: lettere, cifre e trattini.",
    codeTaken: "Questo codice esiste già: scegline un altro.",
    overlap:
      "Si sovrappone a un'altra promozione pubblica programmata: ne può valere una sola alla volta. Nulla è stato salvato.",
    overlapRunning:
      "Si sovrappone alla promozione in corso. Una promozione in corso non si può prolungare né riaprire (Codice del Consumo art. 23, comma 1, lettera g): puoi solo terminarla in anticipo. Nulla è stato salvato.",
  } satisfies Record<ScheduleRefusal | "dates", string>,
  refusedTitle: "Promozione non salvata",
  scheduled: "Promozione programmata e registrata nello storico dei prezzi.",
  endedEarly: "Promozione terminata in anticipo: registrato nello storico dei prezzi.",
  cancelled: "Promozione annullata prima dell'inizio: registrato nello storico dei prezzi.",
  notOpen: "Questa promozione è già terminata: non si può riaprire né prolungare.",
  csv: {
    header: [
      "in_vigore_dal_utc",
      "in_vigore_dal_roma",
      "evento",
      "prezzo_usd",
      "promozione",
      "sconto_percentuale",
      "codice",
      "registrato_il_utc",
      "registrato_il_roma",
      "autore",
    ],
    events: {
      regular_price: "prezzo normale",
      promotion_start: "inizio promozione",
      promotion_end: "fine promozione (programmata)",
      promotion_ended_early: "fine anticipata",
      promotion_cancelled: "promozione annullata",
    } as Record<string, string>,
  },
} as const;
