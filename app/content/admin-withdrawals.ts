/** The admin's words for the buyers' withdrawals (CRD art. 11a): the order page, Ordini's filter, the evidence pack. */
export const ADMIN_WITHDRAWAL_COPY = {
  filter: "Recessi",
  title: "Recesso",
  requestedAt: "Richiesto il",
  name: "Nome indicato",
  email: "E-mail indicata per la conferma",
  outcome: "Esito",
  refund: "Rimborso",
  attempts: "Tentativi di rimborso",
  lastError: "Ultimo errore di Stripe",
  none: "Nessun recesso.",
  timeline: (outcome: string) => `Recesso dal contratto: ${outcome}`,
  outcomes: {
    refund: "diritto valido, ordine rimborsato per intero",
    "right-lost":
      "diritto perso (download iniziato dopo il consenso alla consegna immediata): nessun rimborso",
    "period-ended": "oltre i 14 giorni: nessun rimborso",
    "already-refunded": "ordine già rimborsato",
    disputed: "ordine contestato: nessun rimborso, decide la banca",
  } as Record<string, string>,
  refundStatuses: {
    pending: "in attesa",
    refunding: "in corso",
    refunded: "eseguito",
    failed:
      "non riuscito: Stripe lo ha rifiutato; la riconciliazione lo ritenta e il cliente è stato avvisato che è in corso",
  } as Record<string, string>,
} as const;
