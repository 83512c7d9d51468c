/** The sign-in card: the admin password form shown before the panel. */
import { useFetcher } from "react-router";
import type { AdminActionData } from "#app/components/admin/admin-types.ts";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { ADMIN_COPY } from "#app/content/admin.ts";

export function SignInCard() {
  const fetcher = useFetcher<AdminActionData>();
  const error = fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;
  return (
    <fetcher.Form method="post" className="mt-10 max-w-sm rounded-2xl border border-slate-200 p-6 shadow-sm">
      <h2 className="text-xl font-bold">{ADMIN_COPY.signIn.title}</h2>
      <input type="hidden" name="intent" value="sign-in" />
      <HoneypotField />
      <label htmlFor="admin-password" className="mt-4 block text-sm font-semibold">
        {ADMIN_COPY.signIn.passwordLabel}
      </label>
      <input
        id="admin-password"
        name="password"
        type="password"
        required
        maxLength={1024}
        autoComplete="current-password"
        aria-describedby={error ? "sign-in-error" : undefined}
        className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
      />
      {error && (
        <p id="sign-in-error" role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="mt-4 w-full rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {fetcher.state !== "idle" ? ADMIN_COPY.signIn.submitting : ADMIN_COPY.signIn.submit}
      </button>
    </fetcher.Form>
  );
}
