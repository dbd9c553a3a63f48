// Times in the operator's own zone, in the spec's "yyyy-MM-dd HH:mm:ss".

const pad = (n: number) => String(n).padStart(2, '0');

export function formatDateTime(ms: number | undefined | null): string {
  if (ms === undefined || ms === null || !Number.isFinite(ms)) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A day "yyyy-mm-dd" today (or n days before), local. */
export function dayString(daysBefore = 0, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysBefore);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Unix ms of a local day's start, or of the next day's start (an exclusive end). */
export function dayStartMs(day: string, next = false): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + (next ? 1 : 0)).getTime();
}
