/**
 * `npm run admin:password [-- new-password]`: sets the admin password (a generated one when none is
 * given), signs out every admin session, and prints the admin address. Run it with the store's
 * environment (DATA_DIR or DATABASE_URL); with PGlite, stop the store first.
 */

import { type Database, openDatabase } from "#app/lib/db/database.server.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import { generatePassword } from "#app/lib/password.server.ts";
import { exitOnRefusal } from "#app/lib/refusal.ts";
import { getSetting, setAdminPassword } from "#app/lib/settings.server.ts";
import { adminSessions } from "#db/schema.ts";

let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv();
} catch (error) {
  exitOnRefusal(error);
}
const password = process.argv[2] ?? generatePassword();
if (password.length < 12 || password.length > 1024) {
  console.error("The password must be 12 to 1024 characters long.");
  process.exit(1);
}
let database: Database;
try {
  database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, newStore: "refused" });
} catch (error) {
  exitOnRefusal(error);
}
try {
  await setAdminPassword(database.db, password);
  await database.db.delete(adminSessions);
  const adminPath = env.ADMIN_PATH ?? (await getSetting(database.db, "admin_path"));
  console.log(`Admin: ${env.PUBLIC_URL}/${adminPath ?? "(starts at the first start of the store)"}`);
  console.log(process.argv[2] ? "Admin password changed." : `New admin password (shown once): ${password}`);
} finally {
  await database.close();
}
