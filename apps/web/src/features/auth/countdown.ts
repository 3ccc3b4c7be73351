import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9: the get-code button counts down 60 s x expiredMinutes (at least one minute). */
export const countdownSeconds = (expiredMinutes: number | undefined) =>
  60 * Math.max(1, Math.floor(expiredMinutes ?? 1));

/** Spec §9: one SMS request (and one captcha refresh) a second at most. */
export const THROTTLE_MS = 1000;

/** A throttle gate: true when the last accepted call was at least `ms` ago. */
export const createThrottle = (ms = THROTTLE_MS, now: () => number = Date.now) => {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const at = now();
    if (at - last < ms) return false;
    last = at;
    return true;
  };
};

/** Seconds left of a running countdown (0 = the button is available again). */
export const useCountdown = () => {
  const [left, setLeft] = useState(0);
  const timer = useRef<number | null>(null);
  const stop = useCallback(() => {
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
  }, []);
  const start = useCallback(
    (seconds: number) => {
      stop();
      const endsAt = Date.now() + seconds * 1000;
      setLeft(seconds);
      timer.current = window.setInterval(() => {
        const remaining = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
        setLeft(remaining);
        if (remaining === 0) stop();
      }, 250);
    },
    [stop],
  );
  useEffect(() => stop, [stop]);
  return { left, start };
};
