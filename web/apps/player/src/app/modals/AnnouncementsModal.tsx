// Announcement popup (publicModal): titles 9 per page with a pager (margin 1,
// range 5) and a detail pane with the title and sanitised HTML. A link to a
// promotion inside opens /promotions#id and closes the popup.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Megaphone } from 'lucide-react';
// By file, not the barrel: the popup opens on the home page and need not bring Tabs.
import { Dialog } from '@/components/ui/Dialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { Pager } from '@/components/ui/Pager';
import { SafeHtml } from '@/components/ui/SafeHtml';
import type { Popup } from '@/features/content/api/announcements';
import { formatDateTime } from '@/lib/format';
import { interceptInAppLinks } from './inAppLinks';
import s from './AnnouncementsModal.module.css';

export const ANNOUNCEMENT_PAGE_SIZE = 9;

export type AnnouncementsModalProps = {
  open: boolean;
  popups: Popup[];
  onClose: () => void;
  onNavigate: (to: string) => void;
};

export default function AnnouncementsModal({ open, popups, onClose, onNavigate }: AnnouncementsModalProps) {
  const { t } = useTranslation('layout');
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<number | undefined>(popups[0]?.id);
  const totalPages = Math.max(1, Math.ceil(popups.length / ANNOUNCEMENT_PAGE_SIZE));
  const visible = useMemo(() => popups.slice((page - 1) * ANNOUNCEMENT_PAGE_SIZE, page * ANNOUNCEMENT_PAGE_SIZE), [popups, page]);
  const selected = popups.find((p) => p.id === selectedId) ?? visible[0];

  useEffect(() => {
    if (page > totalPages) setPage(totalPages);
  }, [page, totalPages]);

  const goPage = (p: number) => {
    setPage(p);
    setSelectedId(popups[(p - 1) * ANNOUNCEMENT_PAGE_SIZE]?.id);
  };

  return (
    <Dialog open={open} onClose={onClose} title={t('layout:announcements.title')} size="xl" data-testid="announcements-modal" bodyClassName={s.body}>
      {popups.length === 0 ? (
        <EmptyState icon={<Megaphone size={28} strokeWidth={1.75} />} title={t('layout:announcements.empty')} />
      ) : (
        <div className={s.layout}>
          <div className={s.listCol}>
            <ul className={s.list} aria-label={t('layout:announcements.list')}>
              {visible.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className={[s.item, selected?.id === p.id ? s.active : ''].join(' ')}
                    aria-current={selected?.id === p.id ? 'true' : undefined}
                    onClick={() => setSelectedId(p.id)}
                  >
                    <span className={s.itemTitle} dir="auto">{p.title}</span>
                    {p.time > 0 && (
                      <time className={s.itemTime} dateTime={new Date(p.time).toISOString()}>
                        {formatDateTime(p.time).slice(0, 10)}
                      </time>
                    )}
                  </button>
                </li>
              ))}
            </ul>
            <Pager page={page} totalPages={totalPages} onChange={goPage} className={s.pager} />
          </div>
          {selected && (
            <article className={s.detail} aria-labelledby={`ann-${selected.id}`} aria-live="polite">
              <h3 id={`ann-${selected.id}`} className={s.detailTitle}>
                {selected.title}
              </h3>
              {selected.time > 0 && <time className={s.detailTime}>{formatDateTime(selected.time)}</time>}
              <SafeHtml html={selected.content} onClick={interceptInAppLinks(onNavigate)} />
            </article>
          )}
        </div>
      )}
    </Dialog>
  );
}
