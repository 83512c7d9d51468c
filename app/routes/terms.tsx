import { LegalPage } from "#app/components/legal/legal-page.tsx";
import { TERMS } from "#app/content/legal.ts";
// A standalone page script, not a worker: see home.tsx and ADR 008.
import legalScript from "#app/enhance/legal.ts?worker&url";
import { publicConfigOf } from "#app/lib/public-config.server.ts";
import type { PageHandle } from "#app/root.tsx";
import { loadAsDocument } from "#app/routes/load-as-document.ts";
import type { Route } from "./+types/terms";

export const handle: PageHandle = { script: legalScript };
export const clientLoader = loadAsDocument;

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl, supportEmail, retentionDays, seller } = publicConfigOf(context);
  return { publicUrl, settings: { supportEmail, retentionDays, seller } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: TERMS.title },
  { name: "description", content: TERMS.description },
  { tagName: "link", rel: "canonical", href: `${loaderData?.publicUrl ?? ""}${TERMS.path}` },
];

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={TERMS} settings={loaderData.settings} />;
}
