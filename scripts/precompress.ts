/**
 * Writes .br and .gz twins of every compressible file in build/client, so the server never
 * compresses them per request. Not the prerendered pages (.html, .xml, .data): they carry
 * placeholders, and the server compresses them at start with its settings put in.
 */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ROOT = join(process.cwd(), "build", "client");
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest|vtt)$/;

let files = 0;
for (const name of await readdir(ROOT, { recursive: true })) {
  const path = join(ROOT, name);
  if (!COMPRESSIBLE.test(name) || !(await stat(path)).isFile() || (await stat(path)).size < 512) continue;
  const body = await readFile(path);
  await writeFile(
    `${path}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
  files++;
}
console.log(`precompressed ${files} files`);
