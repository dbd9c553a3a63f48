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

export function openCustomerService(list: CustomerService[] | undefined, win: Pick<Window, 'open'> = window): boolean {
  const href = customerServiceHref(primaryCustomerService(list));
  if (!href) return false;
  win.open(href, '_blank', 'noopener,noreferrer');
  return true;
}
