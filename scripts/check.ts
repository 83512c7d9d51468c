/**
 * `npm run check`: whether the store would start as configured, without starting it (before an
 * upgrade's `npm start`, or after editing the environment): the configuration, the database (read
 * only: no migration runs) and the build. One line each; every problem on a line of its own and
 * exit status 1 when there is one.
 */
import { inspectDatabase } from "#app/lib/db/database.server.ts";
import { ConfigError, parseEnv } from "#app/lib/env.server.ts";
import { STORE_VERSION } from "#app/lib/store-version.server.ts";
import { buildIsCurrent } from "./build-stamp.ts";

const problems: string[] = [];
console.log(`Store version ${STORE_VERSION}.`);
let env: ReturnType<typeof parseEnv> | null = null;
try {
  env = parseEnv();
  console.log("Configuration: valid.");
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  problems.push(
    ...error.message
      .split("\n")
      .slice(1)
      .map((line) => `Configuration: ${line.trim()}`),
  );
}
if (env) {
  const database = await inspectDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  if ("problem" in database) problems.push(`Database: ${database.problem}`);
  else console.log(`Database: ${database.state}`);
}
console.log(
  buildIsCurrent(process.cwd())
    ? "Build: current."
    : "Build: out of date or missing; `npm start` builds it first (about 2 minutes).",
);
for (const problem of problems) console.error(problem);
process.exit(problems.length > 0 ? 1 : 0);
