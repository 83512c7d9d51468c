/** The hook that turns the answer of an admin action into a toast (or hands its link on). */
import { useEffect, useEffectEvent } from "react";
import type { useFetcher } from "react-router";
import { toast } from "sonner";
import type { AdminActionData } from "#app/components/admin/admin-types.ts";

/** Shows each answer of `fetcher` once (or hands its link to `onUrl`), however often the page renders. */
export function useActionToast(
  fetcher: ReturnType<typeof useFetcher<AdminActionData>>,
  onUrl?: (url: string) => void,
) {
  // An event, not a dependency: the callers pass a new function on every render, which re-ran the
  // effect and repeated the last download, copy or toast on every later action in the panel.
  const onAnswer = useEffectEvent((result: AdminActionData) => {
    if ("url" in result) onUrl?.(result.url);
    else if ("ok" in result) {
      if (result.ok) toast.success(result.message);
      else toast.error(result.title ?? result.message, { description: result.message });
    }
  });
  useEffect(() => {
    if (fetcher.data && fetcher.state === "idle") onAnswer(fetcher.data);
  }, [fetcher.data, fetcher.state]);
}
