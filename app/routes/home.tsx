import {
  BadgeCheck,
  Check,
  Clock,
  Download,
  Gift,
  Mail,
  Palette,
  ShieldCheck,
  Star,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { GALLERY, HeroMockup, TemplatePreview } from "#app/components/landing/mockups.tsx";
import {
  ExitIntentDialog,
  PromoBanner,
  SocialProofPopup,
  StickyBar,
} from "#app/components/landing/overlays.tsx";
import { Stars } from "#app/components/stars.tsx";
import { LANDING } from "#app/content/landing.ts";
import { FAQ, PRODUCT, TESTIMONIALS } from "#app/content/site.ts";
// Vite bundles a `?worker&url` import as one standalone, minified script and gives its hashed URL,
// the same in the client and server builds. It is a page script here, not a worker (ADR 008).
import landingScript from "#app/enhance/landing.ts?worker&url";
import { publicConfig } from "#app/lib/public-config.server.ts";
import { socialImageMeta } from "#app/lib/social-image.ts";
import type { PageHandle } from "#app/root.tsx";
import { loadAsDocument } from "#app/routes/load-as-document.ts";
import type { Route } from "./+types/home";

export const handle: PageHandle = { script: landingScript };
export const clientLoader = loadAsDocument;

export function loader() {
  const { publicUrl, supportEmail } = publicConfig();
  return { publicUrl, supportEmail };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const url = `${loaderData?.publicUrl ?? ""}/`;
  const product = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: PRODUCT.name,
    description: LANDING.meta.description,
    brand: { "@type": "Brand", name: PRODUCT.brand },
    offers: {
      "@type": "Offer",
      price: (PRODUCT.priceCents / 100).toFixed(2),
      priceCurrency: "USD",
      // Prerendered as InStock; the server answers OutOfStock while no ZIP is uploaded (server/landing-page.ts).
      availability: "https://schema.org/InStock",
      url: `${loaderData?.publicUrl ?? ""}/checkout`,
    },
  };
  const faq = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: FAQ.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
  return [
    { title: LANDING.meta.title },
    { name: "description", content: LANDING.meta.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "product" },
    { property: "og:title", content: LANDING.meta.title },
    { property: "og:description", content: LANDING.meta.description },
    { property: "og:url", content: url },
    ...socialImageMeta(loaderData?.publicUrl ?? "", "home", PRODUCT.name),
    { name: "twitter:title", content: LANDING.meta.title },
    { name: "twitter:description", content: LANDING.meta.description },
    { "script:ld+json": product },
    { "script:ld+json": faq },
  ];
};

const cta =
  "inline-block rounded-lg bg-brand-700 px-6 py-3.5 text-lg font-bold text-white shadow-lg hover:bg-brand-800";
const BADGE_ICONS = [Download, ShieldCheck, Palette];
const INCLUDED_ICONS = [Palette, BadgeCheck, Check, Star, Users, Gift];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, included, everything, why, how, closing, testimonials, gallery, guarantee, support } =
    LANDING;
  return (
    <>
      <PromoBanner />
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 md:grid-cols-2 md:py-20">
          <div>
            <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">{hero.eyebrow}</p>
            <h1 className="mt-3 text-4xl leading-tight font-extrabold tracking-tight md:text-5xl">
              {hero.title}
            </h1>
            <p className="mt-5 text-lg text-slate-700">{hero.subtitle}</p>
            <div className="mt-6 flex flex-wrap items-baseline gap-3">
              <span className="text-4xl font-extrabold">{hero.price}</span>
              <s className="text-xl text-slate-500">
                <span className="sr-only">Regular price </span>
                {hero.listPrice}
              </s>
              <span className="rounded-full bg-red-100 px-3 py-1 text-sm font-bold text-red-700">
                {hero.save}
              </span>
              <span className="inline-flex items-center gap-1 text-sm font-semibold text-amber-800">
                <Clock aria-hidden="true" className="size-4" /> {hero.limited}
              </span>
            </div>
            {/* The social-proof card keeps clear of these buttons (enhance/landing.ts). */}
            <div data-keep-clear className="mt-8 flex flex-wrap items-center gap-4">
              <Link to="/checkout" className={cta}>
                {hero.cta}
              </Link>
              <a href="#whats-included" className="font-semibold text-brand-700 underline underline-offset-4">
                {hero.secondary}
              </a>
            </div>
            <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-slate-700">
              {hero.badges.map((badge, i) => {
                const Icon = BADGE_ICONS[i] ?? Check;
                return (
                  <li key={badge} className="flex items-center gap-2">
                    <Icon aria-hidden="true" className="size-5 text-emerald-600" /> {badge}
                  </li>
                );
              })}
            </ul>
          </div>
          <div className="mx-auto w-full max-w-xl md:max-w-none">
            <HeroMockup alt={hero.imageAlt} />
          </div>
        </div>
      </section>

      <section id="whats-included" className="mx-auto max-w-6xl px-4 py-16">
        <h2 className="text-center text-3xl font-extrabold">{included.title}</h2>
        <p className="mt-3 text-center text-slate-600">{included.intro}</p>
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {included.cards.map((card, i) => {
            const Icon = INCLUDED_ICONS[i] ?? Check;
            return (
              <article key={card.title} className="rounded-2xl border border-slate-200 p-6">
                <Icon aria-hidden="true" className="size-8 text-brand-700" />
                <h3 className="mt-4 text-lg font-bold">{card.title}</h3>
                <p className="mt-2 text-slate-600">{card.text}</p>
              </article>
            );
          })}
        </div>
        <p className="mt-10 text-center text-2xl font-extrabold text-brand-800">{included.total}</p>
      </section>

      <section className="render-when-visible bg-slate-50 py-16">
        <div className="mx-auto max-w-6xl px-4">
          <h2 className="text-center text-3xl font-extrabold">{everything.title}</h2>
          <div className="mt-10 grid gap-6 md:grid-cols-2">
            {everything.blocks.map((block) => (
              <article key={block.title} className="rounded-2xl bg-white p-6 shadow-sm">
                <h3 className="text-xl font-bold">{block.title}</h3>
                <ul className="mt-3 space-y-2">
                  {block.items.map((item) => (
                    <li key={item} className="flex gap-2 text-slate-700">
                      <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" /> {item}
                    </li>
                  ))}
                </ul>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="render-when-visible mx-auto max-w-6xl px-4 py-16">
        <h2 className="text-center text-3xl font-extrabold">{why.title}</h2>
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {why.benefits.map((benefit) => (
            <article key={benefit.title} className="rounded-2xl border border-slate-200 p-5">
              <h3 className="font-bold">{benefit.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{benefit.text}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="render-when-visible bg-brand-900 py-16 text-white">
        <div className="mx-auto max-w-6xl px-4">
          <h2 className="text-center text-3xl font-extrabold">{how.title}</h2>
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {how.steps.map((step, i) => (
              <li key={step.title} className="rounded-2xl bg-white/10 p-6">
                <span className="flex size-10 items-center justify-center rounded-full bg-white font-extrabold text-brand-900">
                  {i + 1}
                </span>
                <h3 className="mt-4 text-lg font-bold">{step.title}</h3>
                <p className="mt-2 text-brand-100">{step.text}</p>
              </li>
            ))}
          </ol>
          <div className="mt-10 rounded-2xl border-2 border-dashed border-amber-300 bg-amber-300/10 p-6 text-center">
            <p className="text-sm font-extrabold tracking-widest text-amber-300">{how.bonus.label}</p>
            <h3 className="mt-1 text-2xl font-bold">{how.bonus.title}</h3>
            <ul className="mt-3 flex flex-wrap justify-center gap-x-8 gap-y-2">
              {how.bonus.items.map((item) => (
                <li key={item} className="flex items-center gap-2">
                  <Gift aria-hidden="true" className="size-5 text-amber-300" /> {item}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className="render-when-visible mx-auto max-w-3xl px-4 py-16 text-center">
        <h2 className="text-3xl font-extrabold">{closing.title}</h2>
        <Link to="/checkout" className={`mt-6 ${cta}`}>
          {closing.cta}
        </Link>
      </section>

      <section className="render-when-visible bg-slate-50 py-16" aria-labelledby="testimonials-title">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="testimonials-title" className="text-center text-3xl font-extrabold">
            {testimonials.title}
          </h2>
          <p className="mt-3 flex items-center justify-center gap-2 text-lg">
            <Stars rating={5} className="size-5" />
            <strong>{testimonials.rating}</strong>{" "}
            <span className="text-slate-600">{testimonials.reviews}</span>
          </p>
          <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {TESTIMONIALS.map((t) => (
              <figure key={t.name} className="rounded-2xl bg-white p-6 shadow-sm">
                <Stars rating={t.rating} />
                <blockquote className="mt-3 text-slate-700">“{t.content}”</blockquote>
                <figcaption className="mt-4 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-10 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
                  >
                    {t.avatar}
                  </span>
                  <span>
                    <strong className="block">{t.name}</strong>
                    <span className="text-sm text-slate-500">{t.title}</span>
                  </span>
                </figcaption>
              </figure>
            ))}
          </div>
          <p className="mt-8 text-center font-semibold text-slate-700">{testimonials.footer}</p>
        </div>
      </section>

      <section className="render-when-visible mx-auto max-w-6xl px-4 py-16" aria-labelledby="gallery-title">
        <h2 id="gallery-title" className="text-center text-3xl font-extrabold">
          {gallery.title}
        </h2>
        <p className="mt-3 text-center text-slate-600">{gallery.intro}</p>
        <ul className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {GALLERY.map((item) => (
            <li key={item.file} className="rounded-2xl border border-slate-200 p-2">
              <TemplatePreview {...item} />
              <p className="px-1 pt-2 pb-1 text-xs font-semibold text-slate-700 sm:text-sm">{item.label}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="render-when-visible bg-slate-50 py-16" aria-labelledby="faq-title">
        <div className="mx-auto max-w-3xl px-4">
          <h2 id="faq-title" className="text-center text-3xl font-extrabold">
            {LANDING.faq.title}
          </h2>
          <div className="mt-8 space-y-3">
            {FAQ.map((item) => (
              // One open at a time, collapsible, without JavaScript: the shared name makes the group exclusive.
              <details
                key={item.question}
                name="faq"
                className="group rounded-xl border border-slate-200 bg-white p-4 open:shadow-sm"
              >
                <summary className="cursor-pointer list-none font-semibold marker:hidden">
                  <span className="flex items-center justify-between gap-4">
                    {item.question}
                    <span
                      aria-hidden="true"
                      className="text-xl text-brand-700 transition-transform group-open:rotate-45"
                    >
                      +
                    </span>
                  </span>
                </summary>
                <p className="mt-3 text-slate-700">{item.answer}</p>
              </details>
            ))}
          </div>
        </div>
      </section>

      <section
        className="render-when-visible mx-auto max-w-5xl px-4 py-16 text-center"
        aria-labelledby="guarantee-title"
      >
        <ShieldCheck aria-hidden="true" className="mx-auto size-14 text-emerald-600" />
        <h2 id="guarantee-title" className="mt-3 text-3xl font-extrabold">
          {guarantee.title}
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {guarantee.points.map((point) => (
            <article key={point.title} className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6">
              <h3 className="text-lg font-bold">{point.title}</h3>
              <p className="mt-2 text-slate-700">{point.text}</p>
            </article>
          ))}
        </div>
        <p className="mx-auto mt-8 max-w-2xl text-lg text-slate-700">{guarantee.promise}</p>
      </section>

      <section
        className="render-when-visible border-t border-slate-200 py-12 text-center"
        aria-labelledby="support-title"
      >
        <h2 id="support-title" className="text-2xl font-bold">
          {support.title}
        </h2>
        <p className="mt-2 text-slate-600">{support.text}</p>
        <a
          href={`mailto:${loaderData.supportEmail}`}
          className="mt-4 inline-block font-semibold break-words text-brand-700 underline"
        >
          {/* Inline, so the icon stays beside the text when a long address wraps. */}
          <Mail aria-hidden="true" className="mr-2 inline size-5 align-text-bottom" />
          {support.link}: {loaderData.supportEmail}
        </a>
      </section>

      <SocialProofPopup />
      <StickyBar />
      <ExitIntentDialog />
    </>
  );
}
