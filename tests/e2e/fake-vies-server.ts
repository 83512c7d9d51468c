/**
 * The fake VIES of tests/mocks/vies.ts as a process, for the e2e stores (playwright.config.ts sets
 * their VIES_URL here, so none reaches the Commission's service): every well-formed EU VAT number is
 * registered, so a journey's EU business is invoiced with reverse charge as a confirmed one.
 *
 * Run by Playwright's webServer command: `node --import tsx tests/e2e/fake-vies-server.ts` with FAKE_VIES_PORT.
 */
import { startFakeVies } from "../mocks/vies.ts";

const port = Number(process.env.FAKE_VIES_PORT);
if (!port) throw new Error("FAKE_VIES_PORT must be set");

const vies = await startFakeVies(port);
vies.registerEvery = true;
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    void vies.close().then(() => process.exit(0));
  });
