// Agent centre: announcements (spec agentAnnouncement; GET
// /wps/agent/announcements): what the operators wrote for agents of this
// type, in the operators' order, as a collapsible list (the first open),
// each with its publication time, the end of its window when it has one,
// and its sanitised HTML.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChevronDown, Megaphone } from 'lucide-react';
import { EmptyState, ErrorState, Skeleton } from '@/components/ui';
import { SafeHtml } from '@/components/ui/SafeHtml';
import { agentAnnouncementsQuery } from '@/features/agent/api/announcements';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { PageHead } from './PageHead';
import s from './pages.module.css';

export default function AnnouncementsPage() {
  const { t, i18n } = useTranslation(['agent', 'common'], { useSuspense: true });
  const { token } = useSession();
  const id = useId();
  const q = useQuery(agentAnnouncementsQuery(token, (i18n.language || 'TY').toUpperCase()));
  // undefined: the first one is open until the agent toggles something.
  const [open, setOpen] = useState<number | null>();
  const list = q.data;
  const openId = open === undefined ? list?.[0]?.id : open;

  return (
    <>
      <PageHead icon={<Megaphone size={22} />} title={t('agent:menu.agentAnnouncement')} lead={t('agent:announcements.lead')} />
      {q.isPending ? (
        <ul className={s.list} aria-busy="true" data-testid="agent-announcements-loading">
          {[0, 1, 2].map((i) => (
            <li key={i} className={s.item}>
              <div className={s.toggle}>
                <span className={s.titleCol}>
                  <Skeleton width="50%" height={16} />
                  <Skeleton width={130} height={12} />
                </span>
              </div>
            </li>
          ))}
        </ul>
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : !list?.length ? (
        <EmptyState icon={<Megaphone size={28} strokeWidth={1.75} />} title={t('agent:announcements.emptyTitle')} description={t('agent:announcements.emptyBody')} />
      ) : (
        <ul className={s.list} data-testid="agent-announcements">
          {list.map((a) => {
            const expanded = openId === a.id;
            return (
              <li key={a.id} className={[s.item, expanded ? s.open : ''].join(' ')} data-testid="agent-announcement">
                <h2 className={s.heading}>
                  <button type="button" className={s.toggle} aria-expanded={expanded} aria-controls={`${id}-${a.id}`} onClick={() => setOpen(expanded ? null : a.id)}>
                    <span className={s.titleCol}>
                      <span className={s.itemTitle} dir="auto">
                        {a.title}
                      </span>
                      <span className={s.time}>
                        <time dateTime={new Date(a.time).toISOString()} dir="ltr">
                          {formatDateTime(a.time)}
                        </time>
                        {a.endTime > 0 && <> · {t('agent:announcements.until', { time: formatDateTime(a.endTime) })}</>}
                      </span>
                    </span>
                    <ChevronDown size={18} aria-hidden="true" className={s.chev} />
                  </button>
                </h2>
                <div id={`${id}-${a.id}`} className={s.content} hidden={!expanded} data-testid="agent-announcement-content">
                  <SafeHtml html={a.content} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
