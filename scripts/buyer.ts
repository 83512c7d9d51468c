/**
 * `npm run buyer -- export <email>` prints, as JSON, everything the store holds about a buyer;
 * `npm run buyer -- erase <email>` anonymises it and says what it changed (ADR 018). Both work
 * while the store runs, with the store's environment; the address matches case-insensitively.
 */
import { parseEnv } from "#app/lib/env.server.ts";
import { describeErasure } from "#app/lib/ops/buyer-data.server.ts";
import { runStoreOperation } from "#app/lib/ops/store-operations.server.ts";
import { exitOnRefusal } from "#app/lib/refusal.ts";

const [command, email, ...rest] = process.argv.slice(2);
if (!(command === "export" || command === "erase") || !email || rest.length > 0) {
  console.error("Usage: npm run buyer -- export <email> | erase <email>");
  process.exit(2);
}
try {
  const env = parseEnv();
  if (command === "export") {
    const { result } = await runStoreOperation(env, "buyer-export", { email });
    console.log(JSON.stringify(result, null, 2));
  } else {
    const { result } = await runStoreOperation(env, "buyer-erase", { email });
    console.log(describeErasure(result));
  }
} catch (error) {
  exitOnRefusal(error);
}
