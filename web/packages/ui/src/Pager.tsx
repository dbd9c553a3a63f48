import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pagerItems, PAGER_MARGIN, PAGER_RANGE } from './pager';
import s from './Pager.module.css';

export type PagerLabels = { label: string; previous: string; next: string; page: (page: number) => string };

export type PagerProps = {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** The app's translated labels. */
  labels: PagerLabels;
  margin?: number;
  range?: number;
  className?: string;
};

export function Pager({ page, totalPages, onChange, labels, margin = PAGER_MARGIN, range = PAGER_RANGE, className }: PagerProps) {
  if (totalPages <= 1) return null;
  const items = pagerItems(page, totalPages, margin, range);
  return (
    <nav className={[s.pager, className ?? ''].join(' ')} aria-label={labels.label}>
      <button type="button" className={s.item} onClick={() => onChange(page - 1)} disabled={page <= 1} aria-label={labels.previous}>
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
            aria-label={labels.page(it)}
            onClick={() => it !== page && onChange(it)}
          >
            {it}
          </button>
        ),
      )}
      <button type="button" className={s.item} onClick={() => onChange(page + 1)} disabled={page >= totalPages} aria-label={labels.next}>
        <ChevronRight size={16} aria-hidden="true" className="flip-rtl" />
      </button>
    </nav>
  );
}
