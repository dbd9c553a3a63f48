// Transfers whose vendor answer is still unknown (status PENDING), kept for
// this browser session per member so a reload still offers "check status".
// Only their ids and what the player asked for are kept; their state is always
// asked from the server.

export type PendingTransfer = { id: string; from: string; to: string; amount: number; at: number };

const key = (member: string) => `pendingTransfers:${member}`;

export function readPending(member: string): PendingTransfer[] {
  try {
    const raw = globalThis.sessionStorage?.getItem(key(member));
    const v = raw ? (JSON.parse(raw) as PendingTransfer[]) : [];
    return Array.isArray(v) ? v.filter((p) => p && typeof p.id === 'string') : [];
  } catch {
    return [];
  }
}

export function writePending(member: string, list: PendingTransfer[]) {
  try {
    if (list.length) globalThis.sessionStorage?.setItem(key(member), JSON.stringify(list));
    else globalThis.sessionStorage?.removeItem(key(member));
  } catch {
    /* storage full or blocked: the list lives in memory only */
  }
}
