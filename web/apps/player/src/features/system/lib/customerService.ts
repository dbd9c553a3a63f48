// Customer-service entries carry an opaque token; the server redirects
// /cs/{token} to the real target, which never reaches the browser.
import type { CustomerService } from '../api/status';

export function customerServiceHref(entry: Pick<CustomerService, 'path'> | undefined): string | undefined {
  if (!entry?.path) return undefined;
  return `/cs/${encodeURIComponent(entry.path)}`;
}

/** The entry the main "customer service" buttons use: live chat first, else the first. */
export function primaryCustomerService(list: CustomerService[] | undefined): CustomerService | undefined {
  if (!list?.length) return undefined;
  return list.find((c) => c.type === 'LIVECHAT') ?? list[0];
}

/**
 * Opens the primary channel. A page of the storefront itself (the channel's
 * route) opens in this tab through `navigate`: a new tab would not have the
 * member's per-tab session. Other channels (a chat provider, Telegram,
 * e-mail) open in a new tab.
 */
export function openCustomerService(list: CustomerService[] | undefined, navigate?: (to: string) => void, win: Pick<Window, 'open' | 'location'> = window): boolean {
  const entry = primaryCustomerService(list);
  if (entry?.route) {
    if (navigate) navigate(entry.route);
    else win.location.assign(entry.route);
    return true;
  }
  const href = customerServiceHref(entry);
  if (!href) return false;
  win.open(href, '_blank', 'noopener,noreferrer');
  return true;
}
