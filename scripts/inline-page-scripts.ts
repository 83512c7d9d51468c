/**
 * Puts each prerendered page's script inside the page, after `react-router build` (ADR 031; the
 * work is server/inline-page-scripts.ts). Runs with plain `node scripts/inline-page-scripts.ts`.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { inlinePageScripts } from "../server/inline-page-scripts.ts";

const CLIENT_DIR = join(process.cwd(), "build", "client");

if (import.meta.main) {
  let pages = 0;
  for (const name of await readdir(CLIENT_DIR, { recursive: true })) {
    if (!name.endsWith(".html")) continue;
    const file = join(CLIENT_DIR, name);
    const html = await readFile(file, "utf8");
    const inlined = await inlinePageScripts(html, (path) => readFile(join(CLIENT_DIR, path), "utf8"));
    if (inlined === html) continue;
    await writeFile(file, inlined);
    pages++;
  }
  console.log(`inline-page-scripts: the page script put inside ${pages} pages`);
}
