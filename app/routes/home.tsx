import { ClosingCta } from "#app/components/landing/call-to-action.tsx";
import { Faq } from "#app/components/landing/faq.tsx";
import { Everything, Included, WhyChooseUs } from "#app/components/landing/features.tsx";
import { Gallery } from "#app/components/landing/gallery.tsx";
import { Guarantee } from "#app/components/landing/guarantee.tsx";
import { Hero } from "#app/components/landing/hero.tsx";
import { HowItWorks } from "#app/components/landing/how-it-works.tsx";
import {
  ExitIntentDialog,
  PromoBanner,
  SocialProofPopup,
  StickyBar,
} from "#app/components/landing/overlays.tsx";
import { faqJsonLd, productJsonLd } from "#app/components/landing/structured-data.ts";
import { Support } from "#app/components/landing/support.tsx";
import { Testimonials } from "#app/components/landing/testimonials.tsx";
import { LANDING } from "#app/content/landing.ts";
import { PRODUCT } from "#app/content/site.ts";
// Vite bundles a `?worker&url` import as one standalone, minified script and gives its hashed URL,
// the same in the client and server builds. It is a page script here, not a worker (ADR 008).
import landingScript from "#app/enhance/landing.ts?worker&url";
import { publicConfigOf } from "#app/lib/public-config.server.ts";
import { landingFactsContext, servicesContext } from "#app/lib/router-context.ts";
import { socialImageMeta } from "#app/lib/social-image.ts";
import { liveLandingFacts } from "#app/lib/storefront/landing-facts.server.ts";
import { type LandingFacts, SAMPLE_FACTS } from "#app/lib/storefront/landing-facts.ts";
import type { PageHandle } from "#app/root.tsx";
import { loadAsDocument } from "#app/routes/load-as-document.ts";
import type { Route } from "./+types/home";

export const handle: PageHandle = {
  script: landingScript,
  priceCents: (data) => (data as { facts: LandingFacts } | undefined)?.facts.priceCents,
};
export const clientLoader = loadAsDocument;

/**
 * The specification's sample figures when prerendered at build (the page a store in test mode
 * serves) and in test mode; a live store's recorded ones otherwise (ADR 038). The server renders a
 * live store's page once per change of its facts and hands them in (server/landing-page.ts).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { publicUrl, supportEmail, testMode } = publicConfigOf(context);
  const sample = testMode || process.env.PRERENDER_PLACEHOLDERS === "1";
  const facts = sample
    ? SAMPLE_FACTS
    : (context.get(landingFactsContext) ??
      (await liveLandingFacts(context.get(servicesContext).database.db)));
  return { publicUrl, supportEmail, facts };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const publicUrl = loaderData?.publicUrl ?? "";
  const url = `${publicUrl}/`;
  return [
    { title: LANDING.meta.title },
    { name: "description", content: LANDING.meta.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "product" },
    { property: "og:title", content: LANDING.meta.title },
    { property: "og:description", content: LANDING.meta.description },
    { property: "og:url", content: url },
    ...socialImageMeta(publicUrl, "home", PRODUCT.name),
    { name: "twitter:title", content: LANDING.meta.title },
    { name: "twitter:description", content: LANDING.meta.description },
    { "script:ld+json": productJsonLd(publicUrl, loaderData?.facts.priceCents ?? PRODUCT.priceCents) },
    { "script:ld+json": faqJsonLd() },
  ];
};

/** The landing page, top to bottom; the overlays are static markup that the page script runs. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { facts } = loaderData;
  return (
    <>
      {facts.promotion && <PromoBanner promotion={facts.promotion} />}
      <Hero facts={facts} />
      <Included />
      <Everything />
      <WhyChooseUs />
      <HowItWorks mode={facts.mode} />
      <ClosingCta priceCents={facts.priceCents} />
      {facts.testimonials && <Testimonials testimonials={facts.testimonials} />}
      <Gallery />
      <Faq />
      <Guarantee />
      <Support email={loaderData.supportEmail} />

      <SocialProofPopup mode={facts.mode} cards={facts.proofCards} />
      <StickyBar priceCents={facts.priceCents} />
      {facts.promotion && (
        <ExitIntentDialog
          promotion={facts.promotion}
          insteadOfCents={(facts.mode === "live" && facts.reference?.cents) || facts.regularCents}
        />
      )}
    </>
  );
}
