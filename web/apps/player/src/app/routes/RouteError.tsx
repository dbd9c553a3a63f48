// Shown when a route fails to load or render, e.g. a page chunk cannot be fetched
// after a deploy: offer a reload rather than a blank page.
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorState } from '@/components/ui/ErrorState';
import s from './page.module.css';

export function RouteError() {
  const { t } = useTranslation(['common', 'errors']);
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? { code: 'server.internal', message: error.statusText } : error;
  return (
    <div className={s.page} data-testid="route-error">
      <ErrorState error={detail} title={t('common:error.pageTitle')} onRetry={() => window.location.reload()} />
    </div>
  );
}
