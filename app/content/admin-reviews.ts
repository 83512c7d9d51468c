/** Recensioni, the admin's page of verified reviews and declared figures (ADR 040), in Italian. */
import type { HideReason } from "#app/content/reviews.ts";

export const ADMIN_REVIEWS_COPY = {
  title: "Recensioni",
  intro:
    "Le recensioni degli acquirenti verificati, pubblicate subito con il loro consenso. Puoi nasconderne una solo per uno dei motivi previsti; ogni modifica è registrata (chi, quando, perché) e il numero di recensioni nascoste è pubblico.",
  verificationLink: "La pagina pubblica «How reviews are verified»",
  counts: (published: number, hidden: number) =>
    `${published} ${published === 1 ? "pubblicata" : "pubblicate"}, ${hidden} ${hidden === 1 ? "nascosta" : "nascoste"}`,
  empty: "Nessuna recensione per ora.",
  listTitle: "Recensioni ricevute",
  order: "Ordine",
  purchased: (month: string) => `Acquirente verificato, ${month}`,
  written: "Scritta il",
  shown: "Pubblicata",
  hiddenState: (reason: string) => `Nascosta: ${reason}`,
  refunded: "ordine rimborsato (nascosta dal negozio, torna visibile se il rimborso non riesce)",
  reasonLabel: "Motivo",
  reasonChoose: "Scegli un motivo…",
  reasons: {
    abuse: "Offensiva o abusiva",
    "personal-data": "Contiene dati personali",
    "off-topic": "Non riguarda il prodotto",
  } satisfies Record<HideReason, string>,
  hide: "Nascondi",
  show: "Mostra di nuovo",
  history: "Registro",
  historyHide: (reason: string) => `nascosta (${reason})`,
  historyShow: "mostrata di nuovo",
  by: (who: string) => `da ${who}`,
  unknownBrowser: "browser sconosciuto",
  hidden: "Recensione nascosta.",
  shownAgain: "Recensione di nuovo visibile.",
  noReason: "Scegli il motivo per cui nascondi la recensione: offensiva, dati personali o non sul prodotto.",
  badReason:
    "Motivo sconosciuto: si può nascondere solo per offesa, dati personali o perché non riguarda il prodotto.",
  notFound: "Recensione non trovata: forse è stata cancellata con i dati dell'acquirente.",
  alreadyHidden: "La recensione è già nascosta.",
  alreadyShown: "La recensione è già visibile.",
  declaredTitle: "Cifre dichiarate",
  declaredIntro:
    "Cifre mostrate al posto di quelle calcolate, ciascuna con la sua fonte (per esempio «Etsy»). Il voto medio reale sostituisce quelle dichiarate appena ci sono almeno 5 recensioni verificate. Lascia vuoto per non dichiarare nulla.",
  rating: "Voto (es. 4.9/5)",
  reviewCount: "Numero di recensioni (es. 500+ reviews)",
  reviewSource: "Fonte delle recensioni (es. Etsy)",
  trustedBy: "Clienti (es. 2,000+)",
  trustedBySource: "Fonte dei clienti (es. Etsy)",
  saveDeclared: "Salva le cifre",
  declaredSaved: "Cifre salvate.",
  declaredIncomplete:
    "Ogni cifra vuole la sua fonte: compila voto, numero e fonte delle recensioni insieme, e cliente con fonte insieme (al massimo 40 caratteri ciascuno).",
  testimonialsTitle: "Testimonianze del sito",
  testimonialsText:
    "Le testimonianze scritte nel contenuto del sito compaiono dopo le recensioni verificate solo se confermi che sono vere e pubblicate con il permesso di chi le ha scritte.",
  testimonialsConfirm: "Confermo che le testimonianze del sito sono vere e pubblicate con permesso",
  saveTestimonials: "Salva",
  testimonialsSaved: (on: boolean) =>
    on
      ? "Testimonianze confermate: compaiono sul sito."
      : "Testimonianze non confermate: non compaiono sul sito.",
} as const;
