// Links to the verifier. Inside the game frame the verifier opens as a panel
// of the frame (the frame provides OpenVerifyContext): a new tab would start
// without the tab's session (the token lives in per-tab sessionStorage), so
// the player would appear logged out there. Elsewhere the link is a route of
// the same tab.
import { createContext, useContext, type MouseEvent } from 'react';
import { paths } from '@/lib/paths';

export const OpenVerifyContext = createContext<((query: string) => void) | null>(null);

export function useVerifyLink(query: string): { href: string; onClick?: (e: MouseEvent<HTMLAnchorElement>) => void } {
  const open = useContext(OpenVerifyContext);
  const href = paths.originalsVerify(query);
  if (!open) return { href };
  return {
    href,
    onClick: (e) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      open(query);
    },
  };
}
