/** The admin page's data types: the one file that imports them from the server module. */
import type { AdminActionData, AdminPageData } from "#app/routes/admin/action.server.ts";

export type { AdminActionData, AdminPageData };

/** The page's data once the admin has signed in. */
export type SignedIn = Extract<AdminPageData, { signedIn: true }>;

/** One row of the orders table. */
export type AdminOrder = SignedIn["orders"]["items"][number];
