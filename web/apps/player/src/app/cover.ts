// The boot cover lives in index.html so it paints before any script runs; the
// app hides it once the first route has rendered (spec section 2: "after
// navigation the loading cover hides").

export function hideCover(doc: Document = document) {
  const el = doc.getElementById('boot-cover');
  if (!el || el.classList.contains('is-hidden')) return;
  el.classList.add('is-hidden');
  el.setAttribute('aria-hidden', 'true');
  el.removeAttribute('role');
}

export function showCover(doc: Document = document) {
  const el = doc.getElementById('boot-cover');
  if (!el) return;
  el.classList.remove('is-hidden');
  el.removeAttribute('aria-hidden');
  el.setAttribute('role', 'status');
}
