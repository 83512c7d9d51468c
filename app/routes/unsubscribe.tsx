/**
 * `/unsubscribe/{token}`: the one-click unsubscribe of update and review e-mails. A POST (the
 * page's button, or a mail client's RFC 8058 one-click POST) unsubscribes the address the signed
 * token names; a GET only shows the button, so a link scanner that opens every link unsubscribes
 * nobody. Works without JavaScript.
 */
import { data, Form, Link } from "react-router";
import { UNSUBSCRIBE_COPY } from "#app/content/buyer-updates.ts";
import { maskEmail } from "#app/lib/logger.server.ts";
import { unsubscribe, unsubscribeAddress } from "#app/lib/mail/unsubscribe.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import { needsDatabase } from "#app/routes/http.server.ts";
import type { Route } from "./+types/unsubscribe";

export const meta: Route.MetaFunction = () => [
  { title: UNSUBSCRIBE_COPY.title },
  { name: "robots", content: "noindex, nofollow" },
];

export function headers() {
  return { "Cache-Control": "no-store" };
}

export function loader({ params, context }: Route.LoaderArgs) {
  const address = unsubscribeAddress(context.get(servicesContext).settings.tokenSecrets, params.token);
  return data({ address: address && maskEmail(address) }, { status: address ? 200 : 404 });
}

/** The body is not read: RFC 8058 sends `List-Unsubscribe=One-Click`, and the POST itself is the request. */
export const action = needsDatabase(async ({ params, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const address = unsubscribeAddress(services.settings.tokenSecrets, params.token);
  if (!address) return data({ done: false }, { status: 404 });
  await unsubscribe(services.database.db, address);
  return { done: true };
});

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const copy = UNSUBSCRIBE_COPY;
  const [heading, text] = actionData?.done
    ? [copy.done, copy.doneText]
    : loaderData.address
      ? [copy.heading, copy.text(loaderData.address)]
      : [copy.invalid, copy.invalidText];
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{heading}</h1>
      <p className="mt-4 text-slate-700">{text}</p>
      {loaderData.address && !actionData?.done ? (
        <Form method="post" className="mt-8">
          <button
            type="submit"
            className="rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
          >
            {copy.button}
          </button>
        </Form>
      ) : (
        <Link to="/" className="mt-8 inline-block text-violet-700 underline underline-offset-4">
          {copy.home}
        </Link>
      )}
    </section>
  );
}
