import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RouterContextProvider } from "react-router";
import { parseEnv } from "#app/lib/env.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import { createServices, type Services } from "#app/lib/services.server.ts";
import * as webhookRoute from "#app/routes/webhooks.stripe.ts";
import type { FakeStripe } from "../mocks/stripe.ts";
import { databaseTemplate, type TestBackend } from "./databases.ts";
import { TEST_SELLER } from "./seller.ts";

export interface TestServices extends Services {
  dispose(): Promise<void>;
}

/** A whole set of store services on a fresh database of `backend` and a fresh data directory. */
export async function testServices(
  backend: TestBackend,
  env: Record<string, string> = {},
): Promise<TestServices> {
  const dataDir = await mkdtemp(join(tmpdir(), "store-services-"));
  const url = backend.freshUrl ? await backend.freshUrl() : undefined;
  const services = await createServices(
    parseEnv({
      DATA_DIR: dataDir,
      PUBLIC_URL: "http://shop.test",
      SUPPORT_EMAIL: "help@shop.test",
      SUCCESS_PATH: "thank-you-secret-0123456789",
      ADMIN_PATH: "admin-secret-0123456789",
      ADMIN_PASSWORD: "test-admin-password",
      TOKEN_SECRET: "s".repeat(40),
      // No test store reaches the Commission's VIES: a test that invoices an EU business gives its fake.
      VIES_URL: "http://127.0.0.1:9",
      ...TEST_SELLER,
      ...(url ? { DATABASE_URL: url } : {}),
      ...env,
    }),
    { databaseTemplate: databaseTemplate() },
  );
  return {
    ...services,
    async dispose() {
      await services.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Store services taking payments through the fake `stripe`, whose events reach the store's
 * webhook route as Stripe would send them, signed with `webhookSecret`.
 */
export async function stripeTestServices(
  backend: TestBackend,
  stripe: FakeStripe,
  webhookSecret: string,
  env: Record<string, string> = {},
): Promise<TestServices> {
  const services = await testServices(backend, {
    STRIPE_SECRET_KEY: "sk_test_store",
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: stripe.url,
    ...env,
  });
  stripe.connectWebhook(webhookSecret, async (request) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    return webhookRoute.action({ request, context, params: {}, unstable_pattern: "" } as never);
  });
  return services;
}
