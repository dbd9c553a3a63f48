import type { MouseEvent } from 'react';

/**
 * Click handler for server HTML: a link to an in-app path (/promotions#3,
 * /help#term) navigates inside the app instead of reloading the page.
 */
export function interceptInAppLinks(onNavigate: (to: string) => void) {
  return (e: MouseEvent<HTMLElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as HTMLElement).closest('a');
    if (!a) return;
    const href = a.getAttribute('href') ?? '';
    if (!href.startsWith('/') || href.startsWith('//') || a.target === '_blank') return;
    e.preventDefault();
    onNavigate(href);
  };
}
