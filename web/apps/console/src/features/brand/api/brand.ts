// GET/PUT /ops/v1/brand (the whole document under a version), the
// maintenance switch and the logo upload (docs/operator-api.md, "Brand").
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type Switch = { modId: string; enabled: boolean; childrenNodes: Switch[] };
export type FieldRule = { field: string; enabled: boolean; required: boolean; acceptedPattern: string; minLength: number; maxLength: number; patternId: string };
export type Resource = { resourceType: string; url: string; labelNameEn: string; labelNameTy: string };
export type CustomerService = { id: number; name: string; type: string; path: string; target?: string };
export type Theme = { logoUrl: string; logoLightUrl?: string; faviconUrl: string; dark: Record<string, string> | null; light: Record<string, string> | null };
export type Window = { from: number; to: number };

/** The brand document as the server stores it; fields the screen does not model are kept as they came. */
export type BrandConfig = {
  platform: string;
  merchantCode: string;
  brandName: string;
  mainDomain: string;
  defaultLanguage: string;
  languages: string[];
  currency: { code: string; symbol: string; decimals: number };
  timezone: string;
  theme: Theme;
  customerService: CustomerService[] | null;
  resources: Resource[] | null;
  whitelabel: Switch[];
  register: { fields: FieldRule[] };
  analytics: { gtagId: string };
  imageCDNs: string[];
  launchGameCDNs: string[];
  licence: string;
  ageLimit: number;
  maintenance: boolean;
  maintenanceWindows?: Window[];
  region: { blockedCountries: string[] | null; blockedCIDRs: string[] | null; allowedCIDRs: string[] | null };
  ops?: Record<string, unknown>;
  [other: string]: unknown;
};

export type BrandDocument = { version: number; config: BrandConfig };
export type Asset = { url: string; contentType: string; width: number; height: number; bytes: number };

export const brandKey = ['ops', 'brand'] as const;

export const brandQuery = () =>
  queryOptions({
    queryKey: brandKey,
    queryFn: ({ signal }) => api.get<BrandDocument>('/ops/v1/brand', undefined, signal),
  });

export const saveBrand = (version: number, config: BrandConfig, reason: string) => api.request<BrandDocument>('PUT', '/ops/v1/brand', { body: { version, config, reason } });

export const switchMaintenance = (on: boolean, reason: string) => api.post<BrandDocument>('/ops/v1/brand/maintenance', { on, reason });

export function uploadLogo(file: File) {
  const form = new FormData();
  form.append('image', file);
  return api.post<Asset>('/ops/v1/brand/logo', form);
}

/** Whether the storefront is in maintenance at now, and the end of the window that says so (0: the switch, no end). */
export function maintenanceAt(c: Pick<BrandConfig, 'maintenance' | 'maintenanceWindows'>, now = Date.now()): { on: boolean; until: number } {
  const w = (c.maintenanceWindows ?? []).find((x) => now >= x.from && now < x.to);
  if (c.maintenance) return { on: true, until: 0 };
  return w ? { on: true, until: w.to } : { on: false, until: 0 };
}
