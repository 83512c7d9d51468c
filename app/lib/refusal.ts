/**
 * An error whose message says, in one line, what is wrong and what to do (a wrong setting, a
 * database another process holds or a newer version made, a backup that cannot be restored).
 * The start and every command print it without a stack trace and exit with status 1.
 */
export class Refusal extends Error {}

/** Prints a Refusal's message and exits 1; anything else is a bug and is thrown on. */
export function exitOnRefusal(error: unknown): never {
  if (!(error instanceof Refusal)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
