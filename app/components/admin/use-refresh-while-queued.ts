/** The hook that reloads the order page while one of its e-mails still waits in the outbox. */
import { useEffect, useEffectEvent } from "react";
import { useRevalidator } from "react-router";

const QUEUED_EMAIL_REFRESH_MS = 3_000;

/** While a delivery e-mail waits in the outbox (sent in the background), look again every few seconds. */
export function useRefreshWhileQueued(queued: boolean) {
  const revalidator = useRevalidator();
  const refresh = useEffectEvent(() => {
    if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
  });
  useEffect(() => {
    if (!queued) return;
    const timer = setInterval(refresh, QUEUED_EMAIL_REFRESH_MS);
    return () => clearInterval(timer);
  }, [queued]);
}
