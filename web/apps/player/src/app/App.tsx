import { lazy, Suspense, useEffect, useState } from 'react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { SystemStatus } from '@/features/system/api/status';
import { hideCover } from './cover';
import { ThemeModeProvider } from './theme-mode';
import { createAppRouter } from './router';

// The maintenance and region pages are rare: their own chunks, off the storefront's entry.
const MaintenancePage = lazy(async () => ({ default: (await import('@/features/system/components/MaintenancePage')).MaintenancePage }));
const RegionBlockedPage = lazy(async () => ({ default: (await import('@/features/system/components/RegionBlockedPage')).RegionBlockedPage }));

export type AppProps = { status: SystemStatus; queryClient: QueryClient; i18n: i18n };

/** Which start screen the status asks for (maintenance wins over region restriction). */
export function startScreen(status: Pick<SystemStatus, 'status' | 'maintenance' | 'regionRestriction'>): 'normal' | 'maintenance' | 'region' {
  if (status.status === 1 || status.maintenance) return 'maintenance';
  if (status.status === 2 || status.regionRestriction) return 'region';
  return 'normal';
}

export function App({ status, queryClient, i18n }: AppProps) {
  const screen = startScreen(status);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeModeProvider>
          {screen === 'maintenance' ? (
            <StatusPage>
              <MaintenancePage info={status.info} />
            </StatusPage>
          ) : screen === 'region' ? (
            <StatusPage>
              <RegionBlockedPage info={status.info} ip={status.location?.ip ?? ''} />
            </StatusPage>
          ) : (
            <Storefront />
          )}
        </ThemeModeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/** The cover lifts once the status page's chunk has rendered (HideCover mounts with it). */
function StatusPage({ children }: { children: React.ReactNode }) {
  return (
    <Suspense fallback={null}>
      {children}
      <HideCover />
    </Suspense>
  );
}

function HideCover() {
  useEffect(() => hideCover(), []);
  return null;
}

function Storefront() {
  const [router] = useState(() => createAppRouter());
  return <RouterProvider router={router} />;
}
