/** What buyers read about versions and update e-mails (beyond the specification, ADR 022). */

/** The success page's "what you will download" section. */
export const RELEASE_NOTES_COPY = {
  title: (version: string | null) =>
    version ? `What's in version ${version}` : "What's new in this version",
} as const;

/** The unsubscribe page behind the link in update and review e-mails. */
export const UNSUBSCRIBE_COPY = {
  title: "Unsubscribe",
  heading: "Stop update and review e-mails?",
  text: (address: string) =>
    `${address} will no longer receive e-mails about new versions of the toolkit or review requests. Your download link keeps working, and receipts still arrive.`,
  button: "Unsubscribe",
  done: "You're unsubscribed",
  doneText: "You won't receive update or review e-mails any more. Your download link keeps working.",
  invalid: "This unsubscribe link is not valid",
  invalidText: "Please use the link from your most recent e-mail, or write to us and we'll remove you.",
  home: "Back to the store",
} as const;
