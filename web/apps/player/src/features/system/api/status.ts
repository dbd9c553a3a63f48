import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

export type WhitelabelNode = { modId: string; enabled: boolean; childrenNodes: WhitelabelNode[] };
export type Resource = { resourceType: string; url: string; labelNameEn?: string; labelNameTy?: string; [k: string]: unknown };
/** route: the channel is a page of the storefront (opened in the same tab). */
export type CustomerService = { id: number; name: string; type: string; path: string; route?: string };
export type RegisterField = {
  field: string;
  enabled: boolean;
  required: boolean;
  acceptedPattern: string;
  minLength: number;
  maxLength: number;
  patternId: string;
};

export type BrandInfo = {
  platform: string;
  merchantCode: string;
  brandName: string;
  mainDomain: string;
  defaultLanguage: string;
  languages: string[];
  currency: { code: string; symbol: string; decimals: number };
  /** The brand's one IANA time zone: every date is shown in it (lib/format.ts). */
  timezone?: string;
  theme: { logoUrl: string; logoLightUrl?: string; faviconUrl: string; dark: Record<string, string>; light: Record<string, string> };
  customerService: CustomerService[];
  domainRoute: { domain: string; route: string; type: string }[];
  resources: Resource[];
  whitelabel: WhitelabelNode[];
  register: { fields: RegisterField[] };
  analytics: { gtagId: string };
  imageCDNs: string[];
  launchGameCDNs: string[];
  licence: string;
  /** The licence line per language code (TY, EN, ...); licence when the language has none. */
  licences?: Record<string, string>;
  ageLimit: number;
  lotteryType: string;
  esportsVendors: string[];
  cockfightVendors: string[];
  rngExcludedVendors: string[];
  prizeModes: string[];
  selectionTypes: string[];
  subCategories: string[];
};

export type SystemStatus = {
  status: 0 | 1 | 2;
  maintenance: boolean;
  regionRestriction: boolean;
  location: { ip: string; country: string };
  info: BrandInfo;
};

export const statusQuery = () =>
  queryOptions({
    queryKey: ['system', 'status'] as const,
    queryFn: ({ signal }) => apiGet<SystemStatus>('/wps/system/status', undefined, signal),
    staleTime: 60_000,
  });

export function useSystemStatus() {
  return useQuery(statusQuery());
}

/** Whether a whitelabel switch (searched through the whole tree) is on. */
export function isSwitchOn(tree: WhitelabelNode[] | undefined, modId: string): boolean {
  const stack = [...(tree ?? [])];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.modId === modId) return n.enabled;
    stack.push(...(n.childrenNodes ?? []));
  }
  return false;
}
