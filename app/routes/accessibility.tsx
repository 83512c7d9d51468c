/**
 * `/accessibility`: the accessibility statement (European Accessibility Act; D.Lgs. 82/2022), a
 * legal page like the terms: rendered with the store's support address and seller, shipped
 * without React.
 */
import { LegalPage } from "#app/components/legal/legal-page.tsx";
import { ACCESSIBILITY } from "#app/content/accessibility.ts";
// A standalone page script, not a worker: see home.tsx and ADR 008.
import legalScript from "#app/enhance/legal.ts?worker&url";
import { publicConfigOf } from "#app/lib/public-config.server.ts";
import type { PageHandle } from "#app/root.tsx";
import { loadAsDocument } from "#app/routes/load-as-document.ts";
import type { Route } from "./+types/accessibility";

export const handle: PageHandle = { script: legalScript };
export const clientLoader = loadAsDocument;

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl, supportEmail, retentionDays, seller } = publicConfigOf(context);
  return { publicUrl, settings: { supportEmail, retentionDays, seller } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: ACCESSIBILITY.title },
  { name: "description", content: ACCESSIBILITY.description },
  { tagName: "link", rel: "canonical", href: `${loaderData?.publicUrl ?? ""}${ACCESSIBILITY.path}` },
];

export default function Accessibility({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={ACCESSIBILITY} settings={loaderData.settings} />;
}
