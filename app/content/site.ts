/**
 * The store's copy, prices, constants and sample data, word for word from the specification.
 * Another seller re-skins the store by editing this file and app/content/blog.
 */
import { discounted } from "#app/lib/money.ts";

export const PRODUCT = {
  name: "Life Coaching Branding Toolkit v2.0",
  /** Header brand link. */
  brand: "Coaching Toolkit",
  priceCents: 4700,
  listPriceCents: 12700,
  /** 'Save 63%': (127 - 47) / 127, rounded. */
  savePercent: 63,
  promoPercentOff: 25,
  currency: "usd",
  downloadFileName: "life-coaching-toolkit.zip",
  adminDownloadFileName: "coaching-toolkit-complete.zip",
  guaranteeDays: 30,
} as const;

export const PROMO_PRICE_CENTS = discounted(PRODUCT.priceCents, PRODUCT.promoPercentOff);

/** The specification's timers and thresholds, in milliseconds unless named otherwise. */
export const TIMING = {
  promoCountdownMs: 24 * 60 * 60 * 1000,
  checkoutOfferSeconds: 300,
  stickyBarScrollPx: 500,
  exitIntentFallbackMs: 30_000,
  socialProofFirstMs: 3_000,
  socialProofEveryMs: 40_000,
  socialProofVisibleMs: 4_000,
  toastMs: 4_000,
  supportToastMs: 5_000,
  maxToasts: 3,
  downloadLinkSeconds: 300,
  adminLinkSeconds: 60,
} as const;

export const HEADER = {
  home: "Home",
  blog: "Blog",
  /** With the price every buyer pays now, short: the specification's "$47". */
  cta: (price: string) => `Get Toolkit - ${price}`,
  toggleMenu: "Toggle menu",
} as const;

export const NOT_FOUND = {
  code: "404",
  title: "Oops! Page not found",
  back: "Return to Home",
  /** The document's `<title>`. */
  documentTitle: "Page not found",
} as const;

export const ROUTE_ERROR_TITLE = "Unexpected Application Error!";
/** The route error's status text while the database cannot be reached (answered 503). */
export const DATABASE_UNAVAILABLE = "The store is briefly unavailable. Please try again in a minute.";
/** The route error's status text for a form with a control character (a NUL byte) in a field (answered 400). */
export const CONTROL_CHARACTERS_REFUSED =
  "Your text contains control characters (such as a NUL byte) that no field accepts. Please remove them and send it again.";

/** What Open Graph calls the site (`og:site_name`), and its locales: the store's, and the Italian admin area's. */
export const SITE = {
  name: PRODUCT.brand,
  locale: { en: "en_US", it: "it_IT" },
} as const;

export const CLAIMS = {
  rating: "4.9/5",
  reviews: "500+ reviews",
  trustedBy: "trusted by 2,000+ coaches",
  templates: "2500+",
} as const;

export interface Testimonial {
  name: string;
  title: string;
  content: string;
  rating: 5;
  avatar: string;
}

export const TESTIMONIALS: Testimonial[] = [
  {
    name: "Sarah Mitchell",
    title: "Life Coach",
    content:
      "I launched my coaching Instagram in a weekend. The templates look like I hired a designer, and clients notice.",
    rating: 5,
    avatar: "SM",
  },
  {
    name: "James Rodriguez",
    title: "Career Coach",
    content:
      "The client forms and onboarding questionnaire alone saved me hours every week. My intake process finally feels professional.",
    rating: 5,
    avatar: "JR",
  },
  {
    name: "Emily Chen",
    title: "Wellness Coach",
    content:
      "I was spending my evenings in Canva starting from blank pages. Now I change colours and words and I'm done in minutes.",
    rating: 5,
    avatar: "EC",
  },
  {
    name: "Michael Thompson",
    title: "Executive Coach",
    content:
      "The workbooks and worksheets gave my programme real structure. Clients love having something tangible after each session.",
    rating: 5,
    avatar: "MT",
  },
  {
    name: "Lisa Anderson",
    title: "Mindset Coach",
    content:
      "Best $47 I've spent on my business. The pricing guide bonus helped me raise my rates with confidence.",
    rating: 5,
    avatar: "LA",
  },
  {
    name: "David Park",
    title: "Business Coach",
    content:
      "Consistent branding across Instagram, my website and my e-mails, without a designer. It paid for itself with one client.",
    rating: 5,
    avatar: "DP",
  },
];

export interface FaqItem {
  question: string;
  answer: string;
}

/**
 * What the licence grants, in the site's US spelling: each buyer's license PDF states it, and the
 * terms of sale repeat it. The landing page's FAQ answers the same question in short.
 */
export const LICENSE = {
  title: "License",
  heading: "What this license grants",
  grants: [
    "Personal and client use: you may use the templates yourself and with the clients you coach, and customize them as much as you like.",
    "Commercial use in your coaching business: you may sell or hand out the completed worksheets, workbooks, forms and designs you create with the templates, and use them to market your business.",
    "No resale or redistribution: you may not resell, share, give away or redistribute the templates themselves (edited or not), the ZIP archive or your download link, nor include them in another template product.",
  ],
} as const;

/** The licence terms as the landing page's FAQ states them. */
export const LICENCE_FAQ: FaqItem = {
  question: "Can I use these templates with my clients and sell completed worksheets?",
  answer:
    "Yes. The commercial licence lets you use the templates with your clients and sell the completed worksheets and workbooks you create with them. You may not resell the templates themselves.",
};

export const FAQ: FaqItem[] = [
  {
    question: "Do I need Canva Pro to use these templates?",
    answer:
      "No. Every template works with a free Canva account. A few premium elements may need Canva Pro, and each one can be swapped for a free alternative in a couple of clicks.",
  },
  {
    question: "Can I customize the templates with my own branding?",
    answer:
      "Yes. Change colours, fonts, images and text to match your brand. Every element is editable, so your posts, worksheets and forms look like your own.",
  },
  LICENCE_FAQ,
  {
    question: "Will I receive future updates?",
    answer:
      "Yes. You get lifetime access and all future updates free. When we add templates, your download link gives you the newest version.",
  },
  {
    question: "What file formats are included?",
    answer:
      "You receive a ZIP with links that copy each template into your own Canva account, plus downloadable PDFs. Client forms come in PDF and editable formats.",
  },
  {
    question: "Is this suitable for new coaches?",
    answer:
      "Absolutely. The toolkit is built for coaches at every stage, and new coaches benefit most: you get a complete, professional brand and client system from day one.",
  },
  {
    question: "How quickly will I get access?",
    answer:
      "Instantly. Right after payment you can download the toolkit from the success page, and a copy of the download link arrives by e-mail.",
  },
  {
    question: "What if I'm not satisfied?",
    answer:
      "You're covered by our 30-day money-back guarantee. E-mail support within 30 days for a full refund, and keep the materials you downloaded.",
  },
];

export interface SampleSale {
  id: number;
  customer: string;
  location: string;
  timeAgo: string;
}

export const SAMPLE_SALES: SampleSale[] = [
  {
    id: 1,
    customer: "Jennifer M.",
    location: "Austin",
    timeAgo: "2 minutes ago",
  },
  {
    id: 2,
    customer: "Robert K.",
    location: "Denver",
    timeAgo: "5 minutes ago",
  },
  {
    id: 3,
    customer: "Amanda S.",
    location: "Seattle",
    timeAgo: "8 minutes ago",
  },
  {
    id: 4,
    customer: "Michelle T.",
    location: "Toronto",
    timeAgo: "12 minutes ago",
  },
  {
    id: 5,
    customer: "Daniel W.",
    location: "London",
    timeAgo: "15 minutes ago",
  },
  {
    id: 6,
    customer: "Sophie L.",
    location: "Sydney",
    timeAgo: "21 minutes ago",
  },
  {
    id: 7,
    customer: "Carlos R.",
    location: "Miami",
    timeAgo: "27 minutes ago",
  },
  {
    id: 8,
    customer: "Hannah B.",
    location: "Chicago",
    timeAgo: "34 minutes ago",
  },
];

export interface SampleReview {
  id: number;
  customer: string;
  rating: 5;
  comment: string;
  timeAgo: string;
}

export const SAMPLE_REVIEWS: SampleReview[] = [
  { id: 1, customer: "Karen P.", rating: 5, comment: "Saved me so many hours!", timeAgo: "3 minutes ago" },
  {
    id: 2,
    customer: "Thomas G.",
    rating: 5,
    comment: "My Instagram finally looks professional.",
    timeAgo: "9 minutes ago",
  },
  {
    id: 3,
    customer: "Olivia N.",
    rating: 5,
    comment: "The client forms are gold.",
    timeAgo: "14 minutes ago",
  },
  { id: 4, customer: "Marcus J.", rating: 5, comment: "Worth every penny.", timeAgo: "19 minutes ago" },
  {
    id: 5,
    customer: "Rachel D.",
    rating: 5,
    comment: "Beautiful, easy to edit templates.",
    timeAgo: "25 minutes ago",
  },
  {
    id: 6,
    customer: "Priya S.",
    rating: 5,
    comment: "The workbooks impressed my clients.",
    timeAgo: "31 minutes ago",
  },
  {
    id: 7,
    customer: "Ben A.",
    rating: 5,
    comment: "Launched my brand in one weekend.",
    timeAgo: "42 minutes ago",
  },
];
