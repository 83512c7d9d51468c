/**
 * `npm run reconcile`: one reconciliation pass from the command line (ADR 016): the paid Stripe
 * Checkout Sessions of the last three days that the store has not fulfilled are fulfilled now,
 * and the pass is recorded for the admin. Run it with the store's environment; with PGlite
 * (no DATABASE_URL) only while the store is stopped: it says so and exits otherwise. It starts
 * none of the store's jobs (ADR 042): the delivery e-mails of the orders it fulfils wait in the
 * outbox, and the store sends them at its next poll (with PostgreSQL within seconds; with the
 * embedded database as soon as it starts again).
 */
import { parseEnv } from "#app/lib/env.server.ts";
import { reconcileOrders } from "#app/lib/orders/reconcile-orders.server.ts";
import { exitOnRefusal } from "#app/lib/refusal.ts";
import { createServices, type Services } from "#app/lib/services.server.ts";

let services: Services;
try {
  services = await createServices(parseEnv(), { newStore: "refused" });
} catch (error) {
  exitOnRefusal(error);
}
try {
  const run = await reconcileOrders(services, "cli");
  if (!run) console.log("Another reconciliation pass is running; nothing done.");
  else if (run.error) {
    console.error(`Reconciliation failed after ${run.sessionsChecked} sessions: ${run.error}`);
    process.exitCode = 1;
  } else {
    const fixed = run.fixedOrders.map((n) => `#${n}`).join(", ");
    console.log(
      `Checked ${run.sessionsChecked} sessions; ${fixed ? `fulfilled ${fixed} (the store sends their e-mails)` : "nothing to fix"}.`,
    );
  }
} finally {
  await services.close();
}
