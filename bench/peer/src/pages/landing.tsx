/**
 * The landing page as an SPA renders it: the store's own sections (same copy, markup and images),
 * with the interactive parts written the usual React way: Radix Accordion for the FAQ, a Radix
 * Dialog for the exit-intent offer, sonner toasts for the social proof, state and effects for the
 * promo countdown and the sticky bar, and the price from the product query.
 */
import * as Accordion from "@radix-ui/react-accordion";
import * as Dialog from "@radix-ui/react-dialog";
import { ChevronDown, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { ClosingCta } from "#app/components/landing/call-to-action.tsx";
import { Everything, Included, WhyChooseUs } from "#app/components/landing/features.tsx";
import { Gallery } from "#app/components/landing/gallery.tsx";
import { Guarantee } from "#app/components/landing/guarantee.tsx";
import { Hero } from "#app/components/landing/hero.tsx";
import { HowItWorks } from "#app/components/landing/how-it-works.tsx";
import { Support } from "#app/components/landing/support.tsx";
import { Testimonials } from "#app/components/landing/testimonials.tsx";
import { LANDING } from "#app/content/landing.ts";
import { FAQ, PRODUCT, SAMPLE_SALES, TIMING } from "#app/content/site.ts";
import { CLAIMED_OFFER_PATH } from "#app/lib/checkout/claimed-offer.ts";
import { formatDuration } from "#app/lib/duration.ts";
import { formatShortCents } from "#app/lib/money.ts";
import { SAMPLE_FACTS } from "#app/lib/storefront/landing-facts.ts";
import { SUPPORT_EMAIL } from "../layout.tsx";
import { formatUsd, useProduct } from "../supabase.ts";

/** The specification's promotion: 25 % off, "$35.25". */
const PROMO = { percent: PRODUCT.promoPercentOff, price: "$35.25", regular: "$47" };

function PromoBanner() {
  const copy = LANDING.banner;
  const [open, setOpen] = useState(true);
  const [left, setLeft] = useState<number>(TIMING.promoCountdownMs);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(
      () => setLeft(Math.max(0, TIMING.promoCountdownMs - (Date.now() - started))),
      1000,
    );
    return () => clearInterval(timer);
  }, []);
  if (!open) return null;
  return (
    <aside
      aria-label="Limited time offer"
      className="sticky top-16 z-30 bg-gradient-to-r from-brand-900 to-brand-700 text-white"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-4 gap-y-1 px-10 py-2 text-sm">
        <strong>{copy.text(PROMO.percent, PROMO.price)}</strong>
        <span>
          {copy.endsIn} <span className="font-mono font-bold tabular-nums">{formatDuration(left, true)}</span>
        </span>
        <Link
          to="/checkout"
          className="rounded bg-white px-3 py-1 font-bold text-brand-900 hover:bg-brand-50"
        >
          {copy.cta(PROMO.percent)}
        </Link>
      </div>
      <button
        type="button"
        onClick={() => setOpen(false)}
        aria-label={copy.close}
        className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 hover:bg-white/20"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </aside>
  );
}

function Faq() {
  return (
    <section className="bg-slate-50 py-16" aria-labelledby="faq-title">
      <div className="mx-auto max-w-3xl px-4">
        <h2 id="faq-title" className="text-center text-3xl font-extrabold">
          {LANDING.faq.title}
        </h2>
        <Accordion.Root type="single" collapsible className="mt-8 space-y-3">
          {FAQ.map((item) => (
            <Accordion.Item
              key={item.question}
              value={item.question}
              className="rounded-xl border border-slate-200 bg-white p-4"
            >
              <Accordion.Header>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 text-left font-semibold">
                  {item.question}
                  <ChevronDown
                    aria-hidden="true"
                    className="size-5 text-brand-700 transition-transform group-data-[state=open]:rotate-180"
                  />
                </Accordion.Trigger>
              </Accordion.Header>
              <Accordion.Content className="mt-3 text-slate-700">{item.answer}</Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </div>
    </section>
  );
}

function ExitIntentDialog() {
  const copy = LANDING.exitIntent;
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const show = () => setOpen(true);
    const onLeave = (event: MouseEvent) => event.clientY <= 0 && show();
    const timer = setTimeout(show, TIMING.exitIntentFallbackMs);
    document.addEventListener("mouseleave", onLeave);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("mouseleave", onLeave);
    };
  }, []);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,30rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-center shadow-2xl">
          <Dialog.Close aria-label={copy.close} className="absolute top-3 right-3 rounded p-1 text-slate-500">
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
          <Dialog.Title className="text-2xl font-extrabold">{copy.title}</Dialog.Title>
          <p className="mt-2 inline-block rounded-full bg-red-100 px-3 py-1 text-sm font-bold text-red-700">
            {copy.offer(PROMO.percent)}
          </p>
          <Dialog.Description className="mt-3 text-slate-700">
            {copy.price(PROMO.price, PROMO.regular)}
          </Dialog.Description>
          <ul className="mt-4 space-y-1 text-left text-sm">
            {copy.bullets.map((bullet) => (
              <li key={bullet}>✓ {bullet}</li>
            ))}
          </ul>
          <Link
            to={CLAIMED_OFFER_PATH}
            className="mt-6 block rounded-md bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-800"
          >
            {copy.accept(PROMO.percent)}
          </Link>
          <Dialog.Close className="mt-3 text-sm text-slate-600 underline">{copy.decline}</Dialog.Close>
          <p className="mt-3 text-xs text-slate-500">{copy.note}</p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Canned "recent sale" toasts: the first after 3 s, then every 40 s. */
function useSocialProof() {
  useEffect(() => {
    let next = 0;
    const show = () => {
      const sale = SAMPLE_SALES[next++ % SAMPLE_SALES.length]!;
      toast(`${sale.customer} from ${sale.location}`, {
        description: `${LANDING.socialProof.purchased} · ${sale.timeAgo}`,
        duration: TIMING.socialProofVisibleMs,
      });
    };
    const first = setTimeout(show, TIMING.socialProofFirstMs);
    const every = setInterval(show, TIMING.socialProofEveryMs);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, []);
}

function StickyBar() {
  const copy = LANDING.stickyBar;
  const { data: product } = useProduct();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > TIMING.stickyBarScrollPx);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!shown) return null;
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 shadow-lg backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
        <div className="min-w-0">
          <p className="text-sm font-bold sm:text-base">{copy.title(formatShortCents(PRODUCT.priceCents))}</p>
          <p className="hidden text-sm text-slate-600 sm:block">
            {product ? `${formatUsd(product.price_cents)} · ` : ""}
            {copy.detail}
          </p>
        </div>
        <Link
          to="/checkout"
          className="rounded-md bg-brand-700 px-3 py-2.5 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-800 sm:px-4 sm:text-base"
        >
          {copy.cta(formatShortCents(PRODUCT.priceCents))}
        </Link>
      </div>
    </div>
  );
}

export function LandingPage() {
  useSocialProof();
  useEffect(() => {
    document.title = LANDING.meta.title;
  }, []);
  return (
    <>
      <PromoBanner />
      <Hero facts={SAMPLE_FACTS} />
      <Included />
      <Everything />
      <WhyChooseUs />
      <HowItWorks mode={SAMPLE_FACTS.mode} />
      <ClosingCta priceCents={SAMPLE_FACTS.priceCents} />
      <Testimonials testimonials={SAMPLE_FACTS.testimonials!} />
      <Gallery />
      <Faq />
      <Guarantee />
      <Support email={SUPPORT_EMAIL} />
      <StickyBar />
      <ExitIntentDialog />
    </>
  );
}
