// What catalogue components need from the brand configuration. Routes fill it
// from the system status (features do not import each other); any object with
// these fields, such as the status response's info, fits.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { pickBase } from '@/lib/cdn';
import type { ReshapeConfig } from './reshape';

export type CatalogBrand = ReshapeConfig & {
  imageCDNs: string[];
  languages: string[];
  subCategories?: string[];
  merchantCode?: string;
  currency?: { code: string; symbol: string; decimals: number };
};

export type CatalogEnv = {
  brand: CatalogBrand | undefined;
  imageBase: string;
  decimals: number;
  currencySymbol: string;
};

const CatalogEnvContext = createContext<CatalogEnv>({ brand: undefined, imageBase: '', decimals: 2, currencySymbol: '' });

export function CatalogEnvProvider({ brand, children }: { brand: CatalogBrand | undefined; children: ReactNode }) {
  const value = useMemo<CatalogEnv>(
    () => ({
      brand,
      imageBase: pickBase('image', brand?.imageCDNs),
      decimals: brand?.currency?.decimals ?? 2,
      currencySymbol: brand?.currency?.symbol ?? '',
    }),
    [brand],
  );
  return <CatalogEnvContext.Provider value={value}>{children}</CatalogEnvContext.Provider>;
}

export function useCatalogEnv(): CatalogEnv {
  return useContext(CatalogEnvContext);
}
