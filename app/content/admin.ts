/** The admin area's copy, in Italian (word for word where the specification gives it). */
export const ADMIN_COPY = {
  title: "Pannello di amministrazione segreto",
  restricted: "Accesso riservato",
  signIn: {
    title: "Accedi al pannello",
    passwordLabel: "Password",
    submit: "Accedi",
    submitting: "Accesso in corso...",
    wrong: "Password errata. Riprova.",
    tooMany: (minutes: number) =>
      `Troppi tentativi falliti. Riprova tra ${minutes} ${minutes === 1 ? "minuto" : "minuti"}.`,
    expired: "La sessione è scaduta. Accedi di nuovo.",
    busy: "Troppi accessi in corso in questo momento. Riprova tra qualche secondo.",
  },
  signOut: "Esci",
  forbidden: "Richiesta non consentita.",
  upload: {
    title: "Carica il prodotto",
    firstHint: "Carica il primo prodotto: un file ZIP con tutti i materiali del toolkit.",
    replaceHint:
      "Carica un nuovo ZIP per sostituire il prodotto attuale. Il file attuale resta in vendita finché il nuovo non è verificato.",
    select: "Seleziona file ZIP",
    uploadFirst: "Carica il primo prodotto",
    replace: "Sostituisci il prodotto",
    uploading: (percent: number) => `Caricamento in corso... ${percent}%`,
    verifying: "Verifica del file ZIP...",
    chosen: (name: string) => `File selezionato: ${name}`,
  },
  download: {
    title: "Verifica il prodotto",
    text: "Scarica il file attualmente in vendita per controllarne il contenuto.",
    button: "Scarica il prodotto",
  },
  remove: {
    button: "Elimina il prodotto",
    confirmTitle: "Eliminare il prodotto?",
    confirmText: "I clienti non potranno acquistare né scaricare il toolkit finché non carichi un nuovo ZIP.",
    confirm: "Sì, elimina",
    cancel: "Annulla",
  },
  instructions: {
    title: "Istruzioni",
    items: [
      "Il file deve essere in formato ZIP (.zip).",
      "Lo ZIP deve contenere tutti i materiali del toolkit: link ai template Canva, PDF e moduli.",
      "Il nuovo file sostituisce quello attuale solo dopo essere stato verificato.",
      "I clienti scaricano il file con il nome life-coaching-toolkit.zip.",
    ],
  },
  toasts: {
    uploaded: "Prodotto caricato",
    uploadedText: "Il nuovo ZIP è ora in vendita.",
    downloadStarted: "Download avviato",
    deleted: "Prodotto eliminato",
    invalidFormat: { title: "Formato file non valido", message: "Puoi caricare solo file ZIP." },
    noProduct: { title: "Nessun prodotto disponibile", message: "Devi prima caricare un prodotto." },
    uploadError: "Caricamento non riuscito",
    downloadError: "Errore download",
    deleteError: "Errore eliminazione",
    genericUpload:
      "Si è verificato un errore durante il caricamento. Il prodotto attuale non è stato modificato: riprova.",
    connectionLost:
      "La connessione si è interrotta prima della risposta. Lo stato del prodotto qui sopra è aggiornato: se mostra il nuovo file, il caricamento è riuscito; altrimenti riprova.",
    genericDownload: "Si è verificato un errore durante il download. Ricarica la pagina e riprova.",
    genericDelete: "Si è verificato un errore durante l'eliminazione. Ricarica la pagina e riprova.",
  },
  uploadErrors: {
    empty: "Il file è vuoto.",
    tooLarge: (max: string) => `Il file supera la dimensione massima consentita (${max}).`,
    notZip: "Il file non è un archivio ZIP valido o è danneggiato.",
    unsafeEntry: (name: string) => `Lo ZIP contiene un percorso non sicuro: ${name}`,
    symlink: (name: string) => `Lo ZIP contiene un collegamento simbolico: ${name}`,
    tooManyEntries: (max: number) => `Lo ZIP contiene più di ${max} file.`,
    noFile: "Nessun file ricevuto.",
    interrupted: "Il caricamento si è interrotto. Riprova.",
    storageFull:
      "Lo spazio di archiviazione è pieno: il file non è stato salvato e il prodotto attuale non è cambiato. Libera spazio e riprova.",
    storageUnwritable:
      "Lo spazio di archiviazione non accetta scritture (sola lettura, permessi o servizio non raggiungibile): il prodotto attuale non è cambiato. Controlla la configurazione e riprova.",
  },
  orders: {
    title: "Ordini",
    /** Beside the status of an order not paid live: it is in no register and no figure of a live store. */
    test: "Prova",
    testHint: "Ordine di prova: pagamento in modalità di test, senza valore fiscale; fuori dai registri.",
    statuses: {
      pending: "In attesa",
      paid: "Pagato",
      refunded: "Rimborsato",
      failed: "Fallito",
      expired: "Scaduto",
      processing: "In elaborazione",
      disputed: "Contestato",
    },
    yes: "Sì",
    no: "No",
    resent: "E-mail di consegna rimessa in coda.",
    linkCopied: "Link di download copiato (valido 5 minuti).",
    refunded: "Ordine rimborsato.",
    alreadyRefunded: "L'ordine è già stato rimborsato: nessun nuovo rimborso.",
    disputedNoRefund:
      "L'ordine è contestato: il rimborso non si può fare da qui. Rispondi alla contestazione nella Dashboard di Stripe.",
    notRefundable: "Solo un ordine pagato si può rimborsare.",
    actionError: "Si è verificato un errore. Ricarica la pagina e riprova.",
    failedEmails: "E-mail non consegnate",
    failedEmailsEmpty: "Nessuna e-mail in errore.",
    retry: "Riprova ora",
    retried: "Nuovo tentativo programmato.",
    attempts: (n: number) => `${n} ${n === 1 ? "tentativo" : "tentativi"}`,
  },
  attention: {
    refund_failed: "Rimborso non riuscito",
    refund_failedText:
      "Il rimborso non è andato a buon fine: il cliente ha di nuovo accesso. Controlla il pagamento su Stripe.",
    refund_requires_action: "Rimborso in attesa del cliente",
    refund_requires_actionText:
      "Stripe ha chiesto al cliente i dati bancari per il rimborso: finché non li fornisce il rimborso resta in sospeso (l'accesso è sospeso). Se il rimborso viene annullato, l'accesso torna.",
    event_unreadable: "Evento Stripe illeggibile",
    event_unreadableText:
      "Stripe ha inviato per questo ordine un evento che il negozio non sa leggere: la prossima riconciliazione chiede a Stripe rimborsi e contestazioni del pagamento.",
    foreign_payment: "Pagamento estraneo",
    foreign_paymentText:
      "Un pagamento Stripe indica questo ordine ma non è la sua sessione di checkout (o non ne ha l'importo o la valuta): l'ordine non è stato evaso. Controlla il pagamento su Stripe ed eventualmente rimborsalo.",
    other: "Da verificare",
    refundedPart: (amount: string) => `Rimborsati ${amount}`,
    sharing: "Link condiviso?",
    sharingText:
      "Scaricato da troppe reti diverse in 24 ore: ora il cliente conferma il suo indirizzo e-mail prima di ogni download.",
  },
  unreadEvents: {
    title: "Eventi Stripe non letti",
    intro: (kept: number) =>
      `Eventi che Stripe ha inviato e che il negozio non ha saputo leggere, senza un ordine del negozio a cui collegarli: nessun ordine è stato cambiato. Aprili nella dashboard di Stripe e controlla il pagamento a cui si riferiscono (rimborsi, contestazioni, pagamenti). Restano qui gli ultimi ${kept}.`,
    empty: "Nessun evento Stripe non letto.",
    type: "Tipo",
    id: "ID evento",
    receivedAt: "Ricevuto",
    why: "Motivo",
    mode: (live: boolean | null) =>
      live === true
        ? "Evento in modalità live, ma il negozio usa le chiavi di prova: controlla che chiavi e webhook siano dello stesso account e della stessa modalità."
        : "Evento in modalità di prova, ma il negozio usa le chiavi live: controlla che chiavi e webhook siano dello stesso account e della stessa modalità.",
    shape: "Il contenuto non è come il negozio se lo aspetta (dettaglio tecnico):",
    open: "Apri su Stripe",
  },
  reconcile: {
    title: "Riconciliazione con Stripe",
    every: (minutes: number) =>
      `Ogni ${minutes} minuti il negozio confronta i pagamenti degli ultimi 3 giorni su Stripe con gli ordini e consegna quelli il cui webhook non è arrivato.`,
    off: "La riconciliazione automatica è disattivata (RECONCILE_INTERVAL_S=0).",
    button: "Riconcilia ora",
    running: "Riconciliazione in corso...",
    empty: "Nessuna riconciliazione eseguita finora.",
    lastRuns: "Ultime riconciliazioni",
    triggers: { timer: "automatica", admin: "dal pannello", cli: "da riga di comando" } as Record<
      string,
      string
    >,
    checked: (n: number) => `${n} ${n === 1 ? "sessione controllata" : "sessioni controllate"}`,
    fixed: (numbers: number[]) =>
      numbers.length === 0 ? "nulla da correggere" : `consegnati: ${numbers.map((n) => `#${n}`).join(", ")}`,
    failed: (error: string) => `errore: ${error}`,
    done: (n: number) =>
      n === 0
        ? "Riconciliazione completata: nulla da correggere."
        : `Riconciliazione completata: ${n} ${n === 1 ? "ordine consegnato" : "ordini consegnati"}.`,
    busy: "Una riconciliazione è già in corso. Riprova tra poco.",
  },
  /** Versions, changelogs and "notify buyers" (ADR 022). */
  versions: {
    versionLabel: "Versione (facoltativa)",
    versionHint: "Per esempio v2.1. Ogni versione si usa una volta sola.",
    changelogItLabel: "Novità (italiano, per te)",
    changelogEnLabel: "Novità (inglese, per gli acquirenti)",
    changelogHint: (max: number) => `Testo semplice, al massimo ${max} caratteri.`,
    title: "Versioni caricate",
    empty: "Nessuna versione caricata finora.",
    current: "Attuale",
    noVersion: "senza versione",
    uploadedAt: "Caricata il",
    size: "Dimensione",
    sha256: "SHA-256",
    uploadedBy: "Caricata da",
    unknownUploader: "—",
    changelogIt: "Novità (IT)",
    changelogEn: "Novità (EN)",
    notify: "Avvisa gli acquirenti",
    notifying: "Invio in corso...",
    notifyHint: (perMinute: number) =>
      `Ogni acquirente (ordini pagati, non rimborsati né contestati, che non si sono disiscritti) riceve una sola e-mail in inglese con il suo link a vita, al massimo ${perMinute} al minuto.`,
    notifiedAt: (at: string) => `Acquirenti avvisati il ${at}`,
    queued: (n: number) =>
      n === 0
        ? "Nessun acquirente da avvisare."
        : `${n} ${n === 1 ? "e-mail messa in coda" : "e-mail messe in coda"}.`,
    refused: "Gli acquirenti sono già stati avvisati per questa versione, oppure non è più quella attuale.",
    errors: {
      versionInvalid: "La versione non è valida: usa un formato come v2.1 (massimo 32 caratteri).",
      versionTaken: (version: string) => `La versione ${version} esiste già: scegline un'altra.`,
      changelogTooLong: (max: number) => `Le novità superano i ${max} caratteri consentiti.`,
    },
  },
} as const;

/** The delivery evidence pack for a dispute: the link on an order and the printable page. */
export const ADMIN_EVIDENCE_COPY = {
  back: "Torna all'ordine",
  title: (number: number, reference: string) => `Prove di consegna: ordine #${number} (${reference})`,
  intro:
    "Prove del pagamento e della consegna del prodotto digitale, da allegare alla risposta a una contestazione. Orari in UTC.",
  downloadJson: "Scarica in JSON",
  print: "Per salvarla in PDF, stampa questa pagina.",
  generatedAt: (at: string) => `Generato il ${at}`,
  none: "—",
  notRecorded: "non registrato",
  payment: {
    title: "Pagamento",
    reference: "Riferimento",
    number: "Numero d'ordine",
    buyer: "E-mail dell'acquirente",
    amount: "Importo",
    tax: "Imposta inclusa",
    country: "Paese",
    createdAt: "Ordine creato",
    paidAt: "Pagato il",
    provider: "Fornitore di pagamento",
    paymentIntent: "ID del pagamento (payment intent)",
    status: "Stato",
    refunded: "Rimborsato",
    dispute: "Stato della contestazione",
  },
  offer: {
    title: "Offerta accettata",
    product: "Prodotto",
    price: "Prezzo pagato",
    standardPrice: "Prezzo standard",
    discount: "Sconto del 25% applicato",
  },
  terms: {
    title: "Condizioni mostrate al checkout",
    url: "Condizioni di vendita",
    consentAt: "Consenso alla consegna immediata",
  },
  emails: {
    title: "E-mail di consegna",
    empty: "Nessuna e-mail all'acquirente.",
    to: "Destinatario",
    queuedAt: "In coda dal",
    sentAt: "Inviata il",
    smtp: "Risposta del server SMTP",
    notSent: "non inviata",
  },
  downloads: {
    title: "Download",
    empty: "Nessun download registrato.",
    at: "Data e ora",
    ip: "Indirizzo IP",
    bytes: "Byte inviati",
    ipCleared: "cancellato (conservazione scaduta)",
    outcome: "Esito",
    complete: "completato",
    cut: "interrotto",
  },
} as const;

/** The buyers' refund requests from the success page and how they are handled (ADR 021). */
export const ADMIN_REFUND_REQUESTS_COPY = {
  title: "Richieste di rimborso",
  intro:
    "I clienti possono chiedere il rimborso dalla pagina di acquisto entro 30 giorni dal pagamento. Ricevi un'e-mail per ogni richiesta.",
  mode: "Come gestire le richieste",
  modes: {
    approve: "Approvo io ogni richiesta",
    immediate: "Rimborso immediato, senza approvazione",
  },
  share: "Un rimborso parziale toglie l'accesso oltre il (%)",
  shareHint:
    "Oltre questa parte del prezzo rimborsata, il cliente perde il download come con un rimborso totale e la sua recensione non è più pubblicata (da 1 a 100; di solito 50).",
  badShare: "Scrivi un numero intero da 1 a 100 per la parte del prezzo.",
  save: "Salva",
  saved: "Impostazione salvata.",
  empty: "Nessuna richiesta in attesa.",
  reason: "Motivo",
  noReason: "nessun motivo indicato",
  failed: "Stripe ha rifiutato il rimborso: riprova o controlla il pagamento in Stripe.",
  approve: "Approva e rimborsa",
  decline: "Rifiuta",
  approved: "Rimborso eseguito: il cliente riceve la conferma.",
  approveFailed: "Il rimborso non è riuscito. La richiesta resta in attesa.",
  declined: "Richiesta rifiutata. Rispondi al cliente per e-mail.",
  notWaiting: "Questa richiesta è già stata gestita.",
} as const;
