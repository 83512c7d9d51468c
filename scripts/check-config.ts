/**
 * Checks the environment before `npm start` builds: a wrong variable stops the start in a second,
 * one line per variable and exit code 1, instead of failing inside the build's prerender.
 */
import { parseEnv } from "#app/lib/env.server.ts";
import { exitOnRefusal } from "#app/lib/refusal.ts";

try {
  parseEnv();
} catch (error) {
  exitOnRefusal(error);
}
