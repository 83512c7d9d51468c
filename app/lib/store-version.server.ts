import { readFileSync } from "node:fs";
import { resolve } from "node:path";

/**
 * The store's version, as package.json and CHANGELOG.md name it: printed at start, shown on
 * Impostazioni, recorded in the database it migrates and in every backup it makes. Read from the
 * project directory the store runs in, as the migrations are.
 */
export const STORE_VERSION: string = (
  JSON.parse(readFileSync(resolve("package.json"), "utf8")) as { version: string }
).version;
