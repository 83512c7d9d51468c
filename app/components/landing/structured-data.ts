/** The landing page's JSON-LD (schema.org Product with its Offer, and FAQPage), rendered by the route's `meta`. */
import { LANDING } from "#app/content/landing.ts";
import { FAQ, PRODUCT } from "#app/content/site.ts";
import { socialImageUrl } from "#app/lib/social-image.ts";

/** The product and its offer at the price a buyer pays now; `publicUrl` is the store's origin ("" when unknown). */
export function productJsonLd(publicUrl: string, priceCents: number) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: PRODUCT.name,
    description: LANDING.meta.description,
    image: socialImageUrl(publicUrl, "home"),
    brand: { "@type": "Brand", name: PRODUCT.brand },
    offers: {
      "@type": "Offer",
      price: (priceCents / 100).toFixed(2),
      priceCurrency: "USD",
      // Prerendered as InStock; the server answers OutOfStock while no ZIP is uploaded (server/landing-page.ts).
      availability: "https://schema.org/InStock",
      url: `${publicUrl}/checkout`,
    },
  };
}

/** The FAQ section's questions and answers, as shown on the page. */
export function faqJsonLd() {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: FAQ.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}
