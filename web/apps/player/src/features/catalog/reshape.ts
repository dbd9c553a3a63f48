// Vendor reshaping (spec section 4): in SPORTS, e-sports vendors become ESPORTS
// and cockfight vendors COCKFIGHT, placed right after SPORTS; in RNG, excluded
// vendors (BGS) become INHOUSE, placed right after RNG.
import type { CategoryCode } from '@/lib/paths';
import type { Category, Lane, VendorCard } from './types';

export type ReshapeConfig = { esportsVendors: string[]; cockfightVendors: string[]; rngExcludedVendors: string[] };

const KNOWN: CategoryCode[] = ['SPORTS', 'ESPORTS', 'LIVE', 'LOTT', 'ELOTT', 'FISH', 'PVP', 'RNG', 'BGS', 'INHOUSE', 'COCKFIGHT'];

export function reshapeLanes(lanes: Lane[], cfg: ReshapeConfig): Category[] {
  const out: Category[] = [];
  const sorted = (v: VendorCard[]) => [...v].sort((a, b) => a.sort - b.sort || a.vassalage.localeCompare(b.vassalage));
  for (const lane of lanes) {
    const code = lane.title.toUpperCase() as CategoryCode;
    if (!KNOWN.includes(code)) continue;
    if (code === 'SPORTS') {
      const es = lane.cards.filter((c) => cfg.esportsVendors.includes(c.vassalage));
      const cf = lane.cards.filter((c) => cfg.cockfightVendors.includes(c.vassalage));
      const rest = lane.cards.filter((c) => !es.includes(c) && !cf.includes(c));
      if (rest.length) out.push({ code, vendors: sorted(rest) });
      if (es.length) out.push({ code: 'ESPORTS', vendors: sorted(es.map((c) => ({ ...c, gameType: 'ESPORTS' }))) });
      if (cf.length) out.push({ code: 'COCKFIGHT', vendors: sorted(cf.map((c) => ({ ...c, gameType: 'COCKFIGHT' }))) });
    } else if (code === 'RNG') {
      const ex = lane.cards.filter((c) => cfg.rngExcludedVendors.includes(c.vassalage));
      const rest = lane.cards.filter((c) => !ex.includes(c));
      if (rest.length) out.push({ code, vendors: sorted(rest) });
      if (ex.length) out.push({ code: 'INHOUSE', vendors: sorted(ex.map((c) => ({ ...c, gameType: 'INHOUSE' }))) });
    } else if (lane.cards.length) {
      out.push({ code, vendors: sorted(lane.cards) });
    }
  }
  // A category may appear twice (e.g. ESPORTS from SPORTS and its own lane): merge, first position wins.
  const merged: Category[] = [];
  for (const c of out) {
    const prev = merged.find((m) => m.code === c.code);
    if (!prev) merged.push({ ...c, vendors: [...c.vendors] });
    else for (const v of c.vendors) if (!prev.vendors.some((p) => p.vassalage === v.vassalage)) prev.vendors.push(v);
  }
  return merged;
}

/** Header order (spec section 2): categories with at least one vendor. */
export const HEADER_ORDER: CategoryCode[] = ['ELOTT', 'BGS', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP'];
/** Categories whose header item always navigates, never launches a single vendor. */
export const ALWAYS_NAVIGATE: CategoryCode[] = ['PVP', 'FISH', 'RNG', 'LIVE', 'SPORTS'];
/** Drop-down launches with the new-style launch for these; vendor launch otherwise. */
export const NEW_STYLE_LAUNCH: CategoryCode[] = ['ELOTT', 'LOTT', 'SPORTS', 'ESPORTS', 'COCKFIGHT'];
export const HEADER_DROPDOWN_MAX = 11;

export function headerCategories(categories: Category[]): Category[] {
  return HEADER_ORDER.map((code) => categories.find((c) => c.code === code)).filter((c): c is Category => !!c && c.vendors.length > 0);
}

/** What a header item does: go to the centre, or launch its only vendor. */
export function headerItemAction(c: Category): 'navigate' | 'launch' {
  if (ALWAYS_NAVIGATE.includes(c.code)) return 'navigate';
  return c.vendors.length === 1 ? 'launch' : 'navigate';
}

/** Prize mode: ELOTT if the ELOTT vendors include TCG_LOTTO_VN or LOTT, else LOTT. */
export function prizeMode(categories: Category[]): 'ELOTT' | 'LOTT' {
  const elott = categories.find((c) => c.code === 'ELOTT');
  return elott?.vendors.some((v) => v.vassalage === 'TCG_LOTTO_VN' || v.vassalage === 'LOTT') ? 'ELOTT' : 'LOTT';
}
