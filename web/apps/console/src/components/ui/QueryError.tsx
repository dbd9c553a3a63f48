import { useTranslation } from 'react-i18next';
import { ErrorState } from '@palaro/ui';
import { errorCode } from '@palaro/api/src/envelope';
import { errorText } from '@/lib/errors';

/** A failed load with its translated reason and a retry. */
export function QueryError({ error, onRetry, retrying }: { error: unknown; onRetry?: () => void; retrying?: boolean }) {
  const { t } = useTranslation();
  return (
    <ErrorState
      title={t('common.errorTitle')}
      message={errorText(t, error)}
      offline={errorCode(error) === 'network.offline'}
      onRetry={onRetry}
      retryLabel={t('common.retry')}
      retrying={retrying}
    />
  );
}
