import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { ToastProvider } from '@palaro/ui';
import { createQueryClient } from '@palaro/api/src/query';
import { createRouter } from './router';

function Providers() {
  const { t } = useTranslation();
  const [router] = useState(createRouter);
  return (
    <ToastProvider dismissLabel={t('common.dismiss')}>
      <RouterProvider router={router} />
    </ToastProvider>
  );
}

export function App({ i18n }: { i18n: I18n }) {
  const [client] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Providers />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
