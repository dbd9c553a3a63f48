// Notice modal: player notices as a collapsible list (title, time, sanitised
// HTML), opened with one notice expanded.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bell, ChevronDown } from 'lucide-react';
import { Dialog, EmptyState } from '@/components/ui';
import { SafeHtml } from '@/components/ui/SafeHtml';
import type { Notice } from '@/features/content/api/announcements';
import { formatDateTime } from '@/lib/format';
import s from './NoticeModal.module.css';

export type NoticeModalProps = { open: boolean; index: number; notices: Notice[]; onClose: () => void };

export default function NoticeModal({ open, index, notices, onClose }: NoticeModalProps) {
  const { t } = useTranslation('layout');
  const id = useId();
  const [expanded, setExpanded] = useState<number | null>(index);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    setExpanded(index);
    const tm = setTimeout(() => refs.current[index]?.scrollIntoView({ block: 'nearest' }), 60);
    return () => clearTimeout(tm);
  }, [open, index]);

  return (
    <Dialog open={open} onClose={onClose} title={t('layout:notice.title')} size="lg" data-testid="notice-modal">
      {notices.length === 0 ? (
        <EmptyState icon={<Bell size={28} strokeWidth={1.75} />} title={t('layout:notice.empty')} compact />
      ) : (
        <ul className={s.list}>
          {notices.map((n, i) => {
            const isOpen = expanded === i;
            return (
              <li key={n.id} className={[s.item, isOpen ? s.open : ''].join(' ')}>
                <h3 className={s.heading}>
                  <button
                    ref={(el) => {
                      refs.current[i] = el;
                    }}
                    type="button"
                    className={s.toggle}
                    aria-expanded={isOpen}
                    aria-controls={`${id}-n${i}`}
                    data-autofocus={i === index ? true : undefined}
                    onClick={() => setExpanded(isOpen ? null : i)}
                  >
                    <span className={s.titleCol}>
                      <span className={s.title} dir="auto">{n.title}</span>
                      <time className={s.time} dateTime={new Date(n.time).toISOString()}>
                        {formatDateTime(n.time)}
                      </time>
                    </span>
                    <ChevronDown size={18} aria-hidden="true" className={s.chev} />
                  </button>
                </h3>
                <div id={`${id}-n${i}`} className={s.content} hidden={!isOpen}>
                  <SafeHtml html={n.content} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
