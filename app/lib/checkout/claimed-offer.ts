/**
 * `/checkout?discount=claimed`: where the landing page's exit dialog sends a buyer who accepted
 * its 25% offer, so the checkout opens with the offer already unlocked instead of offering it again.
 */
export const CLAIMED_OFFER_PATH = "/checkout?discount=claimed";

/** Whether the checkout was opened from an accepted offer (CLAIMED_OFFER_PATH). */
export const offerClaimed = (url: URL) => url.searchParams.get("discount") === "claimed";
