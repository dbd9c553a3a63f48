/** Lets a call through at most once per `ms` (the refresh button: once a second). */
export function createThrottle(ms: number, now: () => number = Date.now) {
  let last = -Infinity;
  return (fn: () => void): boolean => {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    fn();
    return true;
  };
}
