/**
 * The success page ships without React (ADR 030): this script (loaded by root.tsx through the
 * secret route's `handle.script`) runs the page the server rendered (components/success/*).
 * "Download Now" and "Lost your link?" post to the page's JSON answers (`data-download` and
 * `data-lost-link` name the address, routes/buyer/success-answer.ts), so the page stays: the
 * browser goes to the download link with a notice, the lost-link answer shows in its status
 * line. "Copy address" copies the support address; the guarantee's forms cannot be posted twice;
 * the invoice request shows only the fields the buyer's type and country ask for.
 * Without this script every form posts the page, which answers the same.
 */
import { SUCCESS_COPY } from "#app/content/checkout.ts";
import { TIMING } from "#app/content/site.ts";
import { enhanceInvoiceFields } from "#app/enhance/invoice-fields.ts";
import { enhanceMenu, markScripted } from "#app/enhance/menu.ts";
import { showToast } from "#app/enhance/toast.ts";
import type { SuccessActionData } from "#app/routes/buyer/success.server.ts";

/**
 * Posts `form` to `path` for its JSON answer; null when no such answer came (the network or the
 * store failed, a proxy's error page): the caller then posts the form as a document instead.
 */
async function answerOf(form: HTMLFormElement, path: string): Promise<SuccessActionData | null> {
  try {
    const response = await fetch(path, { method: "POST", body: new FormData(form) });
    if (!response.headers.get("content-type")?.startsWith("application/json")) return null;
    return (await response.json()) as SuccessActionData;
  } catch {
    return null;
  }
}

/** Runs `answer` for the form's submissions, with its button disabled and showing `busyLabel`. */
function onSubmit(form: HTMLFormElement, label: HTMLElement, busyLabel: string, answer: () => Promise<void>) {
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
  const idleLabel = label.textContent;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    button.disabled = true;
    label.textContent = busyLabel;
    try {
      await answer();
    } finally {
      button.disabled = false;
      label.textContent = idleLabel;
    }
  });
}

/** "Download Now": the browser goes to the short-lived link (the file downloads, the page stays). */
function enhanceDownload(form: HTMLFormElement, path: string) {
  onSubmit(form, form.querySelector<HTMLElement>("[data-label]")!, SUCCESS_COPY.downloading, async () => {
    const answer = await answerOf(form, path);
    if (answer?.intent !== "download") return form.submit();
    if ("url" in answer) {
      window.location.assign(answer.url);
      showToast(SUCCESS_COPY.downloadStarted.title, SUCCESS_COPY.downloadStarted.message);
      // The download has started: the review link (ADR 040) shows from now on.
      for (const link of document.querySelectorAll<HTMLElement>("[data-review-link]")) link.hidden = false;
    } else {
      showToast(answer.error.title, answer.error.message);
    }
  });
}

/** "Lost your link?": the answer goes into the status line under the form. */
function enhanceLostLink(form: HTMLFormElement, path: string) {
  const status = document.querySelector<HTMLElement>("[data-lost-answer]")!;
  const button = form.querySelector<HTMLElement>("button[type=submit]")!;
  onSubmit(form, button, SUCCESS_COPY.lostSending, async () => {
    const answer = await answerOf(form, path);
    if (answer?.intent !== "lost-link") return form.submit();
    status.textContent = answer.message;
    status.toggleAttribute("data-ok", answer.ok);
    status.hidden = false;
  });
}

/** "Copy address": the support address to the clipboard, with a notice. */
function enhanceCopy(button: HTMLButtonElement) {
  button.addEventListener("click", () =>
    navigator.clipboard.writeText(button.dataset.copy ?? "").then(
      () => showToast(SUCCESS_COPY.copied, undefined, TIMING.supportToastMs),
      () => showToast(SUCCESS_COPY.downloadError.title),
    ),
  );
}

/** The guarantee's forms post the page once: their button is disabled until an answer arrives. */
function postOnce(forms: NodeListOf<HTMLFormElement>) {
  const buttons = [...forms].map((form) => form.querySelector<HTMLButtonElement>("button[type=submit]")!);
  for (const [i, form] of forms.entries()) {
    form.addEventListener("submit", () => {
      buttons[i]!.disabled = true;
    });
  }
  // Back to a page restored from the back/forward cache, the forms can be used again.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    for (const button of buttons) button.disabled = false;
  });
}

markScripted();
enhanceMenu();
const download = document.querySelector<HTMLFormElement>("form[data-download]");
if (download) enhanceDownload(download, download.dataset.download!);
const lostLink = document.querySelector<HTMLFormElement>("form[data-lost-link]");
if (lostLink) enhanceLostLink(lostLink, lostLink.dataset.lostLink!);
for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-copy]")) enhanceCopy(button);
postOnce(document.querySelectorAll<HTMLFormElement>("form[data-post-once]"));
enhanceInvoiceFields(document);
