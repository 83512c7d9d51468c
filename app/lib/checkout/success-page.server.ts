import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";

// Issue 4 builds the success page here.
export async function loadSuccessPage(_args: LoaderFunctionArgs) {
  return { paid: false as boolean };
}

export type SuccessPageData = Awaited<ReturnType<typeof loadSuccessPage>>;

export async function handleSuccessAction(_args: ActionFunctionArgs) {
  return null;
}
