// Browser-side HTML sanitiser for operator content (announcements, notices,
// promotions, help). The server already reduces this HTML to the same
// allow-list (internal/content/sanitize.go); this is the second line of
// defence. The input is parsed by DOMParser into an inert document (no
// scripts run, nothing loads) and only allow-listed elements and attributes
// are copied into a fresh tree, which is then serialised.

const ALLOWED: Record<string, string[]> = {
  p: [], br: [], b: [], strong: [], i: [], em: [], u: [], s: [], small: [], sub: [], sup: [], span: [], div: [],
  ul: [], ol: [], li: [], h3: [], h4: [], h5: [], blockquote: [], hr: [], table: [], thead: [], tbody: [], tr: [],
  th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'],
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
};

/** Elements dropped with their content; any other unknown element is unwrapped (its text kept). */
const DROPPED = new Set([
  'script', 'style', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'noscript', 'textarea', 'select',
  'form', 'input', 'button', 'frame', 'frameset', 'noembed', 'xmp', 'title', 'head', 'link', 'meta', 'base',
  'audio', 'video',
]);

// Browsers drop ASCII whitespace and control characters inside URLs, so the
// check runs on the URL as the browser would read it.
const strip = (v: string) => v.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
const sitePath = (v: string) => v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\');

function safeHref(v: string): string | null {
  const u = strip(v);
  const l = u.toLowerCase();
  if (l.startsWith('https://') || l.startsWith('http://') || l.startsWith('mailto:') || sitePath(u) || (u.startsWith('#') && u.length > 1)) return u;
  return null;
}

function safeSrc(v: string): string | null {
  const u = strip(v);
  return u.toLowerCase().startsWith('https://') || sitePath(u) ? u : null;
}

const NUMERIC = /^\d{1,4}$/;

function copyChildren(from: Node, to: Node, doc: Document) {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === 3) {
      to.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== 1) continue; // comments, processing instructions
    const el = child as Element;
    const tag = el.localName.toLowerCase();
    if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml' || DROPPED.has(tag)) continue;
    const attrs = ALLOWED[tag];
    if (!attrs) {
      copyChildren(el, to, doc); // unwrap
      continue;
    }
    const out = doc.createElement(tag);
    for (const name of attrs) {
      const raw = el.getAttribute(name);
      if (raw === null) continue;
      let value: string | null = raw;
      if (name === 'href') value = safeHref(raw);
      else if (name === 'src') value = safeSrc(raw);
      else if (name === 'colspan' || name === 'rowspan' || name === 'width' || name === 'height') value = NUMERIC.test(raw.trim()) ? raw.trim() : null;
      else value = raw.slice(0, 300);
      if (value !== null) out.setAttribute(name, value);
    }
    if (tag === 'a' && /^https?:/i.test(out.getAttribute('href') ?? '')) {
      out.setAttribute('target', '_blank');
      out.setAttribute('rel', 'noopener noreferrer');
    }
    if (tag === 'img') {
      if (!out.hasAttribute('src')) continue;
      out.setAttribute('loading', 'lazy');
    }
    copyChildren(el, out, doc);
    to.appendChild(out);
  }
}

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  const parsed = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  const doc = document.implementation.createHTMLDocument('');
  const root = doc.createElement('div');
  copyChildren(parsed.body, root, doc);
  return root.innerHTML;
}
