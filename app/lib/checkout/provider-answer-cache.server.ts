import type { SessionStatus } from "#app/lib/payments/payment-provider.ts";

/**
 * The payment provider's last answers about Checkout Sessions, kept a few seconds in this process:
 * reloading the success page (a payment still processing, a buyer pressing F5) or a visitor
 * hammering one session id costs one provider call per session every few seconds, not one per
 * visit. Bounded, so made-up ids cannot grow it. Losing it (another instance, a restart) only
 * costs one more call. Each store keeps its own in its services (sessionAnswerCache).
 */
export class ProviderAnswerCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(ttlMs: number, maxEntries: number) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  /** The cached answer for `key` at `now`, or undefined when there is none or it has expired. */
  get(key: string, now: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: T, now: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      // Map keeps insertion order: the first key is the oldest answer.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
  }
}

/** The Checkout Sessions' answers one store keeps: 10 s each, at most 500 sessions. */
export const sessionAnswerCache = () => new ProviderAnswerCache<SessionStatus | null>(10_000, 500);
