import { type ClientLoaderFunctionArgs, redirectDocument } from "react-router";

/**
 * The `clientLoader` of a page without React (ADR 008). A link from a page with React would
 * otherwise render it in place, without its page script (no overlays, no menu); this turns every
 * such navigation into a document load. React Router passes no fragment to loaders, so a link to
 * `/#faq-title` from a page with React arrives at the top of `/`.
 */
export function loadAsDocument({ request }: Pick<ClientLoaderFunctionArgs, "request">): never {
  throw redirectDocument(request.url);
}
