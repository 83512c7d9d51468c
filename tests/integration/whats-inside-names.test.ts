import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../setup/databases.ts";
import { startSeededServer } from "../setup/seeded-server.ts";
import { buildZip, tempFile } from "../setup/zip-fixtures.ts";

const SUCCESS_PATH = "thank-you-names-0123456789";

/** Every bidirectional control Unicode names (Bidi_Control), each in a file's name. */
const BIDI_CONTROLS = [..."\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"];

/** A name that a right-to-left override shows as "RTLexe.png", and one per other control. */
const PRODUCT = buildZip([
  { name: "Toolkit/RTL\u202egnp.exe", data: Buffer.from("MZ") },
  ...BIDI_CONTROLS.map((control, i) => ({
    name: `Toolkit/\u202eFolder/file${i}${control}.txt`,
    data: Buffer.from("x"),
  })),
]);

describe("What's inside, entries named to mislead", () => {
  let seeded: Awaited<ReturnType<typeof startSeededServer>>;
  beforeAll(async () => {
    seeded = await startSeededServer(testBackends()[0]!, { SUCCESS_PATH }, await tempFile(PRODUCT));
  }, 120_000);
  afterAll(() => seeded.server.stop());

  const page = (query = `t=${seeded.accessToken}`) =>
    fetch(`${seeded.server.url}/${SUCCESS_PATH}/inside?${query}`, { redirect: "manual" });

  it("shows bidirectional controls as the replacement character, in the listing and the download's filename", async () => {
    const html = await (await page()).text();
    expect(html).toContain("RTL\ufffdgnp.exe");
    for (const control of BIDI_CONTROLS) expect(html).not.toContain(control);

    const link = await page(`t=${seeded.accessToken}&entry=0`);
    expect(link.status).toBe(303);
    const file = await fetch(`${seeded.server.url}${link.headers.get("location")}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="RTL_gnp.exe"; filename*=UTF-8''RTL${encodeURIComponent("\ufffd")}gnp.exe`,
    );
    expect(await file.text()).toBe("MZ");
  });
});
