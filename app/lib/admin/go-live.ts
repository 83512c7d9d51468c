/**
 * The going-live checklist (Impostazioni, and Panoramica until it is complete) and what a live
 * store's configuration keeps from buyers: without SMTP_URL no e-mail reaches them (the store only
 * writes them to DATA_DIR/mail), and with a PUBLIC_URL that is not https, or is this machine, the
 * links in their e-mails and Stripe's way back to the store lead nowhere. Said at start, on
 * Panoramica and in the checklist.
 */
import type { Env } from "#app/lib/env.server.ts";

/** What a live store's configuration keeps from its buyers; nothing in test mode, which is for trying. */
export type DeliveryProblem = "mail" | "publicUrl";

const LOCAL_HOSTS = /^(localhost|127(\.\d+){3}|\[::1\]|0\.0\.0\.0)$|\.localhost$/;

/** Whether buyers can reach `publicUrl`: https, on a name that is not this machine's. */
export function reachablePublicUrl(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  return url.protocol === "https:" && !LOCAL_HOSTS.test(url.hostname);
}

export function deliveryProblems(env: Pick<Env, "PAYMENTS" | "SMTP_URL" | "PUBLIC_URL">): DeliveryProblem[] {
  if (env.PAYMENTS !== "stripe") return [];
  const problems: DeliveryProblem[] = [];
  if (!env.SMTP_URL) problems.push("mail");
  if (!reachablePublicUrl(env.PUBLIC_URL)) problems.push("publicUrl");
  return problems;
}

/** The start's warnings, in the console's English, one per problem. */
export function deliveryWarnings(env: Pick<Env, "PAYMENTS" | "SMTP_URL" | "PUBLIC_URL">): string[] {
  return deliveryProblems(env).map((problem) =>
    problem === "mail"
      ? "Warning: SMTP_URL is not set, so buyers receive no e-mail (each is only written to DATA_DIR/mail)."
      : `Warning: PUBLIC_URL (${env.PUBLIC_URL}) is not https or is this machine, so the links in buyers' e-mails and Stripe's way back to the store do not reach them.`,
  );
}

export const GO_LIVE_ITEMS = [
  "product",
  "support",
  "seller",
  "stripe",
  "webhook",
  "mail",
  "publicUrl",
  "purchase",
  "fiscal",
] as const;
export type GoLiveItem = (typeof GO_LIVE_ITEMS)[number];
export type GoLiveChecklist = Record<GoLiveItem, boolean>;

export const checklistComplete = (checklist: GoLiveChecklist): boolean =>
  GO_LIVE_ITEMS.every((item) => checklist[item]);
