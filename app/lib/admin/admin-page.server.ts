import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";

// Issue 5 builds the admin area here: sign-in, the product ZIP and the orders.
export async function loadAdminPage(_args: LoaderFunctionArgs) {
  return { signedIn: false as boolean };
}

export type AdminPageData = Awaited<ReturnType<typeof loadAdminPage>>;

export async function handleAdminAction(_args: ActionFunctionArgs) {
  return null;
}
