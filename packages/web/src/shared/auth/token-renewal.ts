/** Renew this long before the authToken's `exp`, so calls never go out with an expired token. */
export const RENEW_LEAD_MS = 60_000;

/** Milliseconds from now until the renewal should run (never negative). */
export function renewalDelay(expSeconds: number, nowMs: number, leadMs = RENEW_LEAD_MS): number {
  return Math.max(0, expSeconds * 1000 - leadMs - nowMs);
}

/** True when the token's expiry (compared in seconds, spec 9) has passed. */
export function isExpired(expSeconds: number, nowMs: number): boolean {
  return expSeconds <= Math.floor(nowMs / 1000);
}

export type TRenewalScheduler = {
  /** Plans one renewal for a token expiring at `expSeconds`; replaces any earlier plan. */
  schedule: (expSeconds: number) => void;
  cancel: () => void;
};

/** One pending timer that calls `renew` shortly before the current token expires. */
export function createRenewalScheduler(
  renew: () => Promise<unknown>,
  now: () => number = Date.now,
  leadMs = RENEW_LEAD_MS,
): TRenewalScheduler {
  let handle: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (handle !== undefined) clearTimeout(handle);
    handle = undefined;
  };
  return {
    schedule(expSeconds) {
      cancel();
      // setTimeout overflows past 2^31-1 ms; long-lived tokens get re-planned on the next change.
      const delay = Math.min(renewalDelay(expSeconds, now(), leadMs), 2_147_483_647);
      handle = setTimeout(() => {
        handle = undefined;
        void renew();
      }, delay);
    },
    cancel,
  };
}
