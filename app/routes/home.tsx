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
import { socialImageMeta } from "#app/lib/social-image.ts";
import type { PageHandle } from "#app/root.tsx";
import { loadAsDocument } from "#app/routes/load-as-document.ts";
import type { Route } from "./+types/home";

export const handle: PageHandle = { script: landingScript };
export const clientLoader = loadAsDocument;

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl, supportEmail } = publicConfigOf(context);
  return { publicUrl, supportEmail };
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
    { "script:ld+json": productJsonLd(publicUrl) },
    { "script:ld+json": faqJsonLd() },
  ];
};

/** The landing page, top to bottom; the overlays are static markup that the page script runs. */
export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PromoBanner />
      <Hero />
      <Included />
      <Everything />
      <WhyChooseUs />
      <HowItWorks />
      <ClosingCta />
      <Testimonials />
      <Gallery />
      <Faq />
      <Guarantee />
      <Support email={loaderData.supportEmail} />

      <SocialProofPopup />
      <StickyBar />
      <ExitIntentDialog />
    </>
  );
}
