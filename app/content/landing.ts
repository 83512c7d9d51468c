/** The landing page's copy; quoted texts are the customer's specification's, word for word (ADR 006). */
export const LANDING = {
  meta: {
    title: "Life Coaching Branding Toolkit v2.0 - 2500+ Canva Templates for Coaches",
    description:
      "2500+ customizable Canva templates for life coaches: social media posts, client worksheets, workbooks, forms and brand assets. Instant download, commercial license, 30-day guarantee.",
  },
  /** The promotion's figures come from the running promotion (the specification's: 25, "$35.25"). */
  banner: {
    text: (percent: number, price: string) => `LIMITED TIME: ${percent}% OFF - Only ${price}!`,
    endsIn: "Ends in",
    /** Before the page script counts down (JavaScript off): the promotion's end, as a date. */
    endsOn: "Ends",
    cta: (percent: number) => `Claim ${percent}% OFF Now`,
    close: "Close offer banner",
  },
  hero: {
    eyebrow: "Life Coaching Branding Toolkit v2.0",
    title: "Build a Coaching Brand Clients Trust, Without a Designer",
    subtitle:
      "2500+ done-for-you Canva templates for Instagram, client worksheets, workbooks, forms and brand assets. Customize in minutes and look like a six-figure coach from day one.",
    save: (percent: number) => `Save ${percent}%`,
    limited: "Limited time price",
    /** The price every buyer pays now, short: the specification's "$47". */
    cta: (price: string) => `Get Instant Access - ${price}`,
    secondary: "See What's Inside First",
    badges: ["Instant Download", "30-Day Guarantee", "Canva Compatible"],
    imageAlt:
      "Toolkit templates: a goal-setting worksheet, a values map, an Instagram carousel and a business card, beside a phone showing an Instagram grid",
  },
  included: {
    title: "What's Included",
    intro: "Everything a coaching business needs to look professional, in one download.",
    cards: [
      {
        title: "Customizable Canva Templates",
        text: "Brand kits, logos, business cards and email signatures you edit in minutes.",
      },
      {
        title: "Coaching Tools & Resources",
        text: "Frameworks, session plans and trackers that give every session structure.",
      },
      {
        title: "Client Forms",
        text: "Intake, onboarding, agreements and feedback forms in PDF and editable formats.",
      },
      {
        title: "Instagram Post Templates",
        text: "Scroll-stopping posts, stories and carousels designed for coaches.",
      },
      {
        title: "Therapy Worksheets",
        text: "Guided worksheets for mindset, goals, values and emotional wellbeing.",
      },
      {
        title: "Workbooks & Guides",
        text: "Ready-to-brand client workbooks and guides you can use or sell.",
      },
    ],
    total: "Over 2500+ Pre-Written Templates in Total!",
  },
  everything: {
    title: "Everything You Need to Succeed",
    blocks: [
      {
        title: "485+ Social Media Templates",
        items: ["Pinterest pins", "Banners and covers", "Facebook, LinkedIn and Twitter posts"],
      },
      {
        title: "150+ Client Worksheets",
        items: ["Goal setting and values", "Mindset and habits", "Reflection and progress"],
      },
      {
        title: "4x Client Workbooks + 32+ Client Forms & Onboarding",
        items: ["Complete client workbooks", "Intake and onboarding forms", "Agreements and feedback"],
      },
      {
        title: "Business Essentials",
        items: ["20x logo options", "20x business cards", "30x email signatures", "100x course slides"],
      },
    ],
  },
  why: {
    title: "Why Coaches Choose Our Toolkit",
    benefits: [
      {
        title: "Save 20+ Hours Per Week",
        text: "Stop starting from a blank page: edit a finished design and move on to your clients.",
      },
      {
        title: "Look Professional Instantly",
        text: "A consistent, polished brand across every post, worksheet and form you send.",
      },
      {
        title: "Grow Your Social Media",
        text: "1100+ Instagram templates keep your feed consistent and on-brand every week.",
      },
      {
        title: "Add Value for Clients",
        text: "Worksheets and workbooks that make your sessions tangible and your results visible.",
      },
      { title: "Launch Faster", text: "Go from idea to a complete coaching brand in a weekend, not months." },
    ],
  },
  how: {
    title: "How It Works",
    steps: [
      { title: "Purchase", text: "Secure checkout by card in under a minute." },
      { title: "Download", text: "Get the complete toolkit instantly as one ZIP file." },
      {
        title: "Customize in Canva",
        text: "Open any template in Canva and add your colors, fonts and words.",
      },
      { title: "Share", text: "Post, print or send to clients — and grow your coaching business." },
    ],
    bonus: {
      label: "BONUS",
      /** The specification's value claim: test mode only, a live store has no basis for it. */
      sampleTitle: "Free bonuses worth $200+",
      title: "Free bonuses included",
      items: ["51-page Services & Pricing Guide", "11-page Client Onboarding Questionnaire"],
    },
  },
  /** `cta`: the price every buyer pays now, in full: the specification's "$47.00". */
  closing: {
    title: "Ready to Build Your Coaching Brand?",
    cta: (price: string) => `Start Now - Only ${price}`,
  },
  testimonials: {
    title: "Loved by Coaches",
    rating: "4.9/5",
    reviews: "(500+ reviews)",
    footer: "trusted by 2,000+ coaches",
    /** Beside a declared figure: where it was counted. */
    source: (source: string) => `(source: ${source})`,
    verification: "How reviews are verified",
    /** Beside the newest reviews: how many there are in all, linking to the page that lists them. */
    allReviews: (n: number) => (n === 1 ? "Read the 1 review" : `Read all ${n} reviews`),
  },
  gallery: {
    title: "Take a Look Inside",
    intro: "A few of the 2500+ templates you can customize in Canva today.",
  },
  faq: { title: "Frequently Asked Questions" },
  guarantee: {
    title: "30-Day Money-Back Guarantee",
    points: [
      { title: "Try It Risk-Free", text: "Download everything and use it in your business." },
      { title: "Full 30 Days", text: "Take a whole month to decide if the toolkit is right for you." },
      { title: "100% Refund", text: "Not happy? E-mail us for a full refund and keep what you downloaded." },
    ],
    promise:
      "Our promise: if the toolkit doesn't save you time and make your brand look more professional, you pay nothing.",
  },
  support: {
    title: "Questions?",
    text: "We're happy to help before and after you buy.",
    link: "Email our support team",
  },
  socialProof: {
    sale: "Recent Sale",
    review: "New Review",
    purchased: "Purchased Coaching Toolkit",
    close: "Close notification",
  },
  stickyBar: {
    /** With the price every buyer pays now, short: the specification's "$47". */
    title: (price: string) => `Life Coaching Toolkit - ${price}`,
    detail: "2500+ Templates • Instant Access",
    cta: (price: string) => `Get Toolkit Now - ${price}`,
  },
  exitIntent: {
    title: "Wait! Don't Miss This",
    offer: (percent: number) => `${percent}% OFF — one-time offer`,
    price: (price: string, regular: string) => `Get the complete toolkit for ${price} instead of ${regular}`,
    bullets: [
      "2500+ Ready-to-Use Templates",
      "Commercial License Included",
      "30-Day Money-Back Guarantee",
      "Instant Access & Lifetime Updates",
    ],
    accept: (percent: number) => `Yes! Claim My ${percent}% Discount`,
    decline: "No thanks, I'll pay full price",
    note: "This offer won't be shown again",
    close: "Close",
    /**
     * A live store's dialog: the running promotion with its real end, open to everyone for its
     * whole duration, so nothing "one-time", no "won't be shown again", and a neutral refusal.
     */
    live: {
      offer: (percent: number, end: string) => `${percent}% OFF until ${end}`,
      accept: (price: string) => `Get the Toolkit for ${price}`,
      decline: "No thanks",
    },
  },
} as const;
