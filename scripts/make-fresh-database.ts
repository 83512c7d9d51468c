/**
 * Build step: a new embedded database with every migration applied, in build/server/fresh-database.
 * The store copies it on its first start instead of running initdb and the migrations there, which
 * took the process to about 600 MB (openDatabase, ADR 025).
 */
import { makeFreshDatabase } from "#app/lib/db/database.server.ts";

const TEMPLATE = "build/server/fresh-database";
await makeFreshDatabase(TEMPLATE);
console.log(`new database made -> ${TEMPLATE}`);
