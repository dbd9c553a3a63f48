// Header navigation rules (spec section 2): Home, one entry per category with
// a vendor in HEADER_ORDER, then Promotions. A single-vendor category outside
// ALWAYS_NAVIGATE launches its vendor; others go to their centre. The
// drop-down shows up to 11 vendors and a 'more' tile when 11 are present.
import { HEADER_DROPDOWN_MAX, headerCategories, headerItemAction, NEW_STYLE_LAUNCH } from '@/features/catalog/reshape';
import type { Category, VendorCard } from '@/features/catalog/types';
import { categoryPath, type CategoryCode } from '@/lib/paths';

export type HeaderNavItem =
  | { kind: 'home'; key: 'HOME'; to: string }
  | { kind: 'promotions'; key: 'PROMOTIONS'; to: string }
  | { kind: 'category'; key: CategoryCode; to: string; action: 'navigate' | 'launch'; vendors: VendorCard[]; dropdown: Dropdown };

export type Dropdown = { tiles: VendorCard[]; more: boolean };

export function dropdownFor(vendors: VendorCard[]): Dropdown {
  return { tiles: vendors.slice(0, HEADER_DROPDOWN_MAX), more: vendors.length >= HEADER_DROPDOWN_MAX };
}

export function headerNav(categories: Category[]): HeaderNavItem[] {
  return [
    { kind: 'home', key: 'HOME', to: '/' },
    ...headerCategories(categories).map(
      (c): HeaderNavItem => ({ kind: 'category', key: c.code, to: categoryPath[c.code], action: headerItemAction(c), vendors: c.vendors, dropdown: dropdownFor(c.vendors) }),
    ),
    { kind: 'promotions', key: 'PROMOTIONS', to: '/promotions' },
  ];
}

/** Drop-down launch style: new-style for lottery, sports and the like; vendor launch otherwise. */
export function launchStyle(code: CategoryCode): 'new' | 'vendor' {
  return NEW_STYLE_LAUNCH.includes(code) ? 'new' : 'vendor';
}
