// The shared pager (@palaro/ui) with the storefront's labels.
import { useTranslation } from 'react-i18next';
import { Pager as UiPager, type PagerProps as UiPagerProps } from '@palaro/ui/src/Pager';

export type PagerProps = Omit<UiPagerProps, 'labels'>;

export function Pager(props: PagerProps) {
  const { t } = useTranslation('common');
  return (
    <UiPager
      {...props}
      labels={{ label: t('common:pager.label'), previous: t('common:pager.previous'), next: t('common:pager.next'), page: (page) => t('common:pager.page', { page }) }}
    />
  );
}
