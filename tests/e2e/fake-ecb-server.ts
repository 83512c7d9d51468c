/**
 * The ECB's 90-day euro reference rates file, as www.ecb.europa.eu serves it, for the e2e stores
 * (playwright.config.ts sets their ECB_RATES_URL here): one `Cube` per day of the last 90 days up to
 * today, newest first, every day's US dollar at 1.0500 and the pound at 0.8400. The ECB publishes
 * on weekdays at about 16:00 and a sale waits for its day's rate; a rate for every day, today's
 * included, lets a test store invoice at once.
 *
 * Run by Playwright's webServer command: `node --import tsx tests/e2e/fake-ecb-server.ts` with FAKE_ECB_PORT.
 */
import { createServer } from "node:http";

const port = Number(process.env.FAKE_ECB_PORT);
if (!port) throw new Error("FAKE_ECB_PORT must be set");

/** The file's text for the 90 days up to `today`. */
function ecbRatesXml(today = new Date()): string {
  const days: string[] = [];
  // From tomorrow in UTC, which is already today in Rome late in the evening.
  for (let back = -1; back < 90; back++) {
    days.push(new Date(today.getTime() - back * 86_400_000).toISOString().slice(0, 10));
  }
  const cubes = days
    .map(
      (day) =>
        `<Cube time='${day}'><Cube currency='USD' rate='1.0500'/><Cube currency='GBP' rate='0.8400'/></Cube>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
<gesmes:subject>Reference rates</gesmes:subject>
<gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
<Cube>
${cubes}
</Cube>
</gesmes:Envelope>
`;
}

createServer((req, res) => {
  if (req.url === "/healthz") return res.end("ok");
  res.writeHead(200, { "Content-Type": "text/xml" });
  res.end(ecbRatesXml());
}).listen(port, "127.0.0.1");
