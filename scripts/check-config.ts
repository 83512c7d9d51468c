/**
 * Checks the environment before `npm start` builds: a wrong variable stops the start in a second,
 * one line per variable and exit code 1, instead of failing inside the build's prerender.
 */
import { ConfigError, parseEnv } from "#app/lib/env.server.ts";

try {
  parseEnv();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
