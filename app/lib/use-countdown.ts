import { useEffect, useState } from "react";

/**
 * Milliseconds left until `target` (epoch ms), recomputed from the clock every second rather than
 * counted down tick by tick, so a tab that slept in the background is right when it wakes.
 * Stops at 0. `null` target means no countdown.
 */
export function useCountdown(target: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (target === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= target) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [target]);
  return target === null ? 0 : Math.max(0, target - now);
}
