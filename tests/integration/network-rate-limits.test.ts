/**
 * Limits count networks, not addresses: discount-code tries and admin sign-ins from several
 * addresses of one IPv4 /24 or IPv6 /48 share one allowance, and a store-wide ceiling stops guessing
 * spread over many networks. On PGlite and PostgreSQL.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { allowCodeAttempt, CHECKOUT_LIMITS } from "#app/lib/checkout/checkout-rate-limit.server.ts";
import { handleAdminAction } from "#app/routes/admin/action.server.ts";
import { testBackends } from "../setup/databases.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const ORIGIN = "http://shop.test";
const PASSWORD = "test-admin-password";

for (const backend of testBackends()) {
  describe(`limits per network on ${backend.name}`, () => {
    let services: TestServices;
    beforeEach(async () => {
      services = await testServices(backend);
    });
    afterEach(() => services.dispose());
    afterAll(() => backend.cleanup());
    const db = () => services.database.db;

    it("gives five addresses of one /24 the discount-code tries of one, and another network its own", async () => {
      const { limit } = CHECKOUT_LIMITS.codesPerNetwork;
      const allowed: boolean[] = [];
      for (let i = 0; i < limit + 5; i++)
        allowed.push(await allowCodeAttempt(db(), `127.0.0.${22 + (i % 5)}`));
      expect(allowed.filter(Boolean)).toHaveLength(limit);
      expect(await allowCodeAttempt(db(), "127.0.0.27")).toBe(false);
      expect(await allowCodeAttempt(db(), "127.0.1.27")).toBe(true);
    });

    it("gives the addresses of one IPv6 /64 the discount-code tries of one", async () => {
      const { limit } = CHECKOUT_LIMITS.codesPerNetwork;
      for (let i = 0; i < limit; i++)
        expect(await allowCodeAttempt(db(), `2001:db8:1:2::${(i + 1).toString(16)}`)).toBe(true);
      expect(await allowCodeAttempt(db(), "2001:db8:1:2:ffff::1")).toBe(false);
    });

    it("stops discount-code guessing spread over many networks at the store's ceiling", async () => {
      const { limit: perNetwork } = CHECKOUT_LIMITS.codesPerNetwork;
      const { limit: inStore } = CHECKOUT_LIMITS.codesInStore;
      for (let network = 0; network < inStore / perNetwork; network++)
        for (let i = 0; i < perNetwork; i++)
          expect(await allowCodeAttempt(db(), `10.${network >> 8}.${network & 255}.${i + 1}`)).toBe(true);
      expect(await allowCodeAttempt(db(), "192.0.2.1")).toBe(false);
    });

    /** A sign-in posted from `ip`; a filled honeypot makes it a failure without a password check. */
    const signIn = async (ip: string, password: string, honeypot = "") => {
      const request = new Request(`${ORIGIN}/admin-secret-0123456789`, {
        method: "POST",
        headers: { origin: ORIGIN },
        body: new URLSearchParams({ intent: "sign-in", password, website: honeypot }),
      });
      const answer = (await handleAdminAction(services, request, ip)) as
        | Response
        | { data: { error?: string }; init: { status: number } | null };
      return answer instanceof Response
        ? { status: answer.status, error: undefined }
        : { status: answer.init?.status ?? 200, error: answer.data.error };
    };

    it("locks sign-in for a whole /24 after 10 failures from its addresses, not for another network", async () => {
      for (let i = 0; i < 10; i++) expect((await signIn(`198.51.100.${i + 1}`, "x", "bot")).status).toBe(401);
      const locked = await signIn("198.51.100.200", PASSWORD);
      expect(locked.status).toBe(429);
      expect(locked.error).toMatch(/^Troppi tentativi falliti\./);
      expect((await signIn("198.51.101.1", PASSWORD)).status).toBe(302);
    });

    it("locks sign-in for everyone once 100 have failed from many networks in 15 minutes", async () => {
      for (let network = 0; network < 10; network++)
        for (let i = 0; i < 10; i++)
          expect((await signIn(`10.0.${network}.${i + 1}`, "x", "bot")).status).toBe(401);
      expect((await signIn("192.0.2.1", PASSWORD)).status).toBe(429);
    });
  });
}

describe("the admin's password checks", () => {
  it("run in turn, a few waiting, and refuse the rest at once with a sentence", async () => {
    const services = await testServices(testBackends()[0]!);
    try {
      const request = (i: number) =>
        handleAdminAction(
          services,
          new Request(`${ORIGIN}/admin-secret-0123456789`, {
            method: "POST",
            headers: { origin: ORIGIN },
            body: new URLSearchParams({ intent: "sign-in", password: `wrong ${i}` }),
          }),
          `10.1.${i}.1`,
        ) as Promise<{ data: { error: string }; init: { status: number } }>;
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => request(i)));
      const busy = answers.filter((answer) => answer.data.error === ADMIN_COPY.signIn.busy);
      expect(busy.length).toBeGreaterThan(0);
      for (const answer of busy) expect(answer.init.status).toBe(429);
      expect(answers.filter((answer) => answer.init.status === 401).length).toBe(10 - busy.length);
    } finally {
      await services.dispose();
    }
  });
});
