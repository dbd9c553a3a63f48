// Copies text to the clipboard: the async Clipboard API where allowed, else
// a selected off-screen textarea and execCommand (older browsers, http pages).

export async function copyText(text: string, doc: Document = document): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* denied: try the fallback */
  }
  const ta = doc.createElement('textarea');
  ta.value = text;
  ta.setAttribute('readonly', '');
  ta.style.position = 'fixed';
  ta.style.insetBlockStart = '-1000px';
  ta.style.opacity = '0';
  doc.body.appendChild(ta);
  const active = doc.activeElement as HTMLElement | null;
  try {
    ta.select();
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    ta.remove();
    active?.focus?.({ preventScroll: true });
  }
}

/** The registration link an agent hands out: the register popup reads affiliateCode from the query. */
export function registrationLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/register?affiliateCode=${encodeURIComponent(code)}`;
}
