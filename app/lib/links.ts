/**
 * The store's own addresses that carry a secret: the success page (with the e-mail's access token
 * or the payment provider's session id) and the short-lived download link. Built here only.
 */

export interface StoreLinks {
  /** The store's public origin, no trailing slash. */
  publicUrl: string;
  /** The success page's secret path segment. */
  successPath: string;
  supportEmail: string;
}

/** How a visit to the success page proves a purchase: the e-mail's token, or a provider's session id. */
export type SuccessAccess = { t: string } | { session_id: string };

/** `/{SUCCESS_PATH}`, with the access proof as its query when given. */
export function successPagePath(successPath: string, access?: SuccessAccess): string {
  return access ? `/${successPath}?${new URLSearchParams(access)}` : `/${successPath}`;
}

/** "What's inside" (`/{SUCCESS_PATH}/inside`), with the same access proof as the success page. */
export function insidePagePath(successPath: string, access: SuccessAccess): string {
  return `/${successPath}/inside?${new URLSearchParams(access)}`;
}

/** Where the success page's script posts its forms for JSON answers (`/{SUCCESS_PATH}/answer`). */
export function successAnswerPath(successPath: string): string {
  return `/${successPath}/answer`;
}

/** The success page's absolute address (e-mails, the payment provider's return URL). */
export function successPageUrl(links: StoreLinks, access?: SuccessAccess): string {
  return `${links.publicUrl}${successPagePath(links.successPath, access)}`;
}

/** `/download/{token}` for a signed download token. */
export function downloadPath(token: string): string {
  return `/download/${token}`;
}

/** The download link's absolute address (pasted into a support reply). */
export function downloadUrl(links: StoreLinks, token: string): string {
  return `${links.publicUrl}${downloadPath(token)}`;
}

/** `/confirm-download`: the page saying a confirmation link was e-mailed; with a token, that link (ADR 020). */
export function confirmDownloadPath(token?: string): string {
  return token ? `/confirm-download/${token}` : "/confirm-download";
}
