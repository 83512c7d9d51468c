/** The buyer's review form and the public page on how reviews are verified (English), ADR 040. */

export const REVIEW_LIMITS = { comment: 2000, name: 60 } as const;

/** Why the owner may hide a review: nothing else. */
export const HIDE_REASONS = ["abuse", "personal-data", "off-topic"] as const;
export type HideReason = (typeof HIDE_REASONS)[number];

/** The store's own reason: the order was refunded in full or by more than the owner's share. */
export const REFUNDED_REASON = "refunded";
/** Every reason a review is hidden for: the owner's, then the store's. */
export const HIDDEN_REASONS = [...HIDE_REASONS, REFUNDED_REASON] as const;
export type HiddenReason = (typeof HIDDEN_REASONS)[number];

export const HIDDEN_REASON_EN: Record<HiddenReason, string> = {
  abuse: "abusive or offensive",
  "personal-data": "contains personal data",
  "off-topic": "not about the product",
  refunded: "the order was refunded",
};

export const VERIFICATION_PATH = "/how-reviews-are-verified";
/** When the page's text last changed (the sitemap's date; its counts change with every review). */
export const VERIFICATION_UPDATED = "2026-12-02";

/** The public page listing every published review. */
export const REVIEWS_PATH = "/reviews";
/** How many of the newest published reviews the landing page shows (two rows of three). */
export const TESTIMONIALS_SHOWN = 6;

export const REVIEW_COPY = {
  title: "Review your Coaching Toolkit",
  intro:
    "Thanks for buying. Your review helps other coaches decide: tell them how the toolkit works for you.",
  verifiedNote: (month: string) =>
    `Your review will be marked "Verified buyer" with the month of your purchase (${month}).`,
  rating: "Your rating",
  stars: (n: number) => `${n} ${n === 1 ? "star" : "stars"}`,
  comment: "Your review",
  commentHint: `Up to ${REVIEW_LIMITS.comment} characters. Please leave links out.`,
  name: "Name to show",
  nameHint: 'For example your first name and initial ("Daniel W.").',
  consent: "I agree that this review, my rating and the name above are published on this site.",
  submit: "Publish my review",
  how: "How reviews are verified",
  errors: {
    rating: "Please choose a rating from 1 to 5 stars.",
    commentEmpty: "Please write a few words about the toolkit.",
    commentLong: `Please keep your review under ${REVIEW_LIMITS.comment} characters.`,
    links:
      'Please leave links and web addresses out of your review. A dot with letters right after it (as in "name.com") reads as one: put a space after the dot.',
    nameEmpty: "Please enter the name to show with your review.",
    nameLong: `Please keep the name under ${REVIEW_LIMITS.name} characters.`,
    consent: "Please tick the box to allow publishing your review.",
  },
  thanksTitle: "Thank you for your review",
  thanks: 'Your review is published with the "Verified buyer" mark.',
  alreadyTitle: "Already reviewed",
  already: "This order has already been reviewed: each order can be reviewed once. Thank you!",
  invalidTitle: "This review link is not valid",
  invalid:
    "The link is incomplete or was not made by this store. Please open the link from your e-mail or from your download page again.",
  notEligibleTitle: "This order cannot be reviewed",
  notEligible:
    "Only a paid order can be reviewed. This order was refunded, disputed, erased or never paid, so it cannot be reviewed.",
  home: "Back to the home page",
} as const;

export const VERIFICATION_COPY = {
  title: "How reviews are verified",
  description:
    "Who can review the Coaching Toolkit, how each review is verified, and which reviews are hidden and why.",
  whoTitle: "Who can review",
  who: "Only buyers. After a purchase, the download page and a later e-mail carry a personal review link for that order. A review can be written only for an order that is paid: not for one that was refunded, disputed or never paid, and not once the buyer's data was erased.",
  onceTitle: "One review per order",
  once: "Each order can be reviewed once. The buyer chooses the name shown and agrees to publishing.",
  badgeTitle: "Verified buyer",
  badge:
    'Every review written here is shown with "Verified buyer" and the month of the purchase. Reviews are not edited, and none is paid for or given in exchange for anything.',
  hiddenTitle: "What is hidden, and why",
  hidden:
    "The store hides a review only for one of these reasons, and records who hid it, when and why: it is abusive or offensive, it contains personal data, or it is not about the product. A negative review is never hidden for being negative. The review of an order refunded in full, or for more than half of its price unless the store set another share, is hidden too, since the buyer no longer holds what they reviewed; should the refund fail, it is shown again.",
  countsTitle: "The reviews today",
  published: (n: number) => `${n} published ${n === 1 ? "review" : "reviews"}`,
  average: (average: string) => `average rating ${average} out of 5`,
  hiddenCount: (n: number) => `${n} hidden ${n === 1 ? "review" : "reviews"}`,
  hiddenBy: (reason: string, n: number) => `${reason}: ${n}`,
  shownTitle: "Which reviews are shown, and where",
  shown: `Every published review is on the reviews page, newest first. The home page shows the ${TESTIMONIALS_SHOWN} newest published reviews, whatever their rating, and says how many there are in all. No review is hidden, delayed or ordered by its rating or by what it says: a one-star review is listed and counted like a five-star one.`,
  allReviews: "Read every review",
  otherSourcesTitle: "Figures from elsewhere",
  otherSources:
    "A figure that did not come from this store's own orders or reviews is always shown with its source (for example the marketplace it comes from).",
} as const;

/** The public list of reviews (`/reviews`) and the counts it shares with the verification page. */
export const REVIEWS_PAGE_COPY = {
  title: "Reviews of the Coaching Toolkit",
  description:
    "Every published review of the Life Coaching Branding Toolkit, newest first, with the count for each star rating.",
  intro:
    "Every review buyers published, newest first. Each comes from a paid order and is shown whatever its rating.",
  countsTitle: "All reviews",
  stars: (n: number) => `${n} ${n === 1 ? "star" : "stars"}`,
  ofAll: (n: number) => `${n} ${n === 1 ? "review" : "reviews"}`,
  none: "No reviews yet.",
  verified: (month: string) => `Verified buyer · ${month}`,
  published: "Published",
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  newer: "Newer reviews",
  older: "Older reviews",
  how: "How reviews are verified and chosen",
  listLabel: "Reviews, newest first",
} as const;
