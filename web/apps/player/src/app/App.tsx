import { useEffect, useState } from 'react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { SystemStatus } from '@/features/system/api/status';
import { MaintenancePage } from '@/features/system/components/MaintenancePage';
import { RegionBlockedPage } from '@/features/system/components/RegionBlockedPage';
import { hideCover } from './cover';
import { ThemeModeProvider } from './theme-mode';
import { createAppRouter } from './router';

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

function StatusPage({ children }: { children: React.ReactNode }) {
  useEffect(() => hideCover(), []);
  return <>{children}</>;
}

function Storefront() {
  const [router] = useState(() => createAppRouter());
  return <RouterProvider router={router} />;
}
