// The shared UI's labels in the console's language.
import type { TFunction } from 'i18next';
import type { DataTableLabels } from '@palaro/ui';

export function tableLabels(t: TFunction): DataTableLabels {
  return {
    sortBy: (column) => t('table.sortBy', { column }),
    filter: t('table.filter'),
    pager: { label: t('table.pager.label'), previous: t('table.pager.previous'), next: t('table.pager.next'), page: (page) => t('table.pager.page', { page }) },
  };
}
