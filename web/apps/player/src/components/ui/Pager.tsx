import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { pagerItems, PAGER_MARGIN, PAGER_RANGE } from './pager';
import s from './Pager.module.css';

export type PagerProps = {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  margin?: number;
  range?: number;
  className?: string;
};

export function Pager({ page, totalPages, onChange, margin = PAGER_MARGIN, range = PAGER_RANGE, className }: PagerProps) {
  const { t } = useTranslation('common');
  if (totalPages <= 1) return null;
  const items = pagerItems(page, totalPages, margin, range);
  return (
    <nav className={[s.pager, className ?? ''].join(' ')} aria-label={t('common:pager.label')}>
      <button type="button" className={s.item} onClick={() => onChange(page - 1)} disabled={page <= 1} aria-label={t('common:pager.previous')}>
        <ChevronLeft size={16} aria-hidden="true" className="flip-rtl" />
      </button>
      {items.map((it, i) =>
        it === 'gap' ? (
          <span key={`gap-${i}`} className={s.gap} aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={it}
            type="button"
            className={[s.item, it === page ? s.current : ''].join(' ')}
            aria-current={it === page ? 'page' : undefined}
            aria-label={t('common:pager.page', { page: it })}
            onClick={() => it !== page && onChange(it)}
          >
            {it}
          </button>
        ),
      )}
      <button type="button" className={s.item} onClick={() => onChange(page + 1)} disabled={page >= totalPages} aria-label={t('common:pager.next')}>
        <ChevronRight size={16} aria-hidden="true" className="flip-rtl" />
      </button>
    </nav>
  );
}
