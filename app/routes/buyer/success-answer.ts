/**
 * The success page's forms answered as JSON, at `/{SUCCESS_PATH}/answer`, for its page script
 * (app/enhance/success.ts): "Download Now" gets the file's short-lived link, "Lost your link?" its
 * message, without a new page. The answers are the page's own (`answerSuccessForm`); posted as a
 * document, without JavaScript, the same forms are answered by the page (routes/secret.tsx).
 */
import { clientIpContext, servicesContext } from "#app/lib/router-context.ts";
import { answerSuccessForm } from "#app/routes/buyer/success.server.ts";
import { needsDatabase, notFound } from "#app/routes/http.server.ts";
import type { Route } from "./+types/success-answer";

/** A GET (a crawler, a typed URL) is answered, not logged as a failed request. */
export function loader() {
  return Response.json({ error: "POST only" }, { status: 405, headers: { Allow: "POST" } });
}

export const action = needsDatabase(async ({ params, request, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  if (params.secret !== services.settings.successPath) notFound(request);
  const { body, status } = await answerSuccessForm(services, request, context.get(clientIpContext));
  return Response.json(body, { status });
});
