// /member/messageV2 (platform information): the member's messages, newest
// first, unread ones marked; opening one shows its body and marks it read;
// "mark all read" clears the badge. Each message is worded here, in the
// reader's language, from its kind and parameters (the server's own title and
// body, EN or TY, only for a kind the storefront does not know).
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CheckCheck, ChevronDown, Mail, MailOpen } from 'lucide-react';
import { Button, EmptyState, ErrorState, Pager, Skeleton, errorMessage } from '@/components/ui';
import { useSession } from '@/lib/session';
import { formatDateTime } from '@/lib/format';
import { messagesQuery, markAllRead, markRead, unreadQuery, type Message, type MessagePage } from '../api/messages';
import { currencySymbols, noticeText } from '../noticeText';
import s from './MessageCentre.module.css';

export function MessageCentre() {
  const { t } = useTranslation(['wallet', 'common', 'errors'], { useSuspense: true });
  const { token } = useSession();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const list = useQuery(messagesQuery(token, page));
  const unread = useQuery(unreadQuery(token, true));

  const setReadLocally = (pred: (m: Message) => boolean) => {
    qc.setQueriesData<MessagePage>({ queryKey: ['messages', 'list'] }, (old) => (old ? { ...old, list: old.list.map((m) => (pred(m) ? { ...m, read: true } : m)) } : old));
  };

  const readOne = useMutation({
    mutationFn: (id: number) => markRead(id),
    onSuccess: (_v, id) => {
      setReadLocally((m) => m.id === id);
      qc.setQueryData(unreadQuery(token, true).queryKey, (c) => Math.max(0, (c ?? 1) - 1));
      void qc.invalidateQueries({ queryKey: ['messages', 'unread'] });
    },
  });
  const readAll = useMutation({
    mutationFn: markAllRead,
    onSuccess: () => {
      setReadLocally(() => true);
      qc.setQueryData(unreadQuery(token, true).queryKey, 0);
      void qc.invalidateQueries({ queryKey: ['messages'] });
    },
  });

  const toggle = (m: Message) => {
    setOpen(open === m.id ? null : m.id);
    if (!m.read && !readOne.isPending) readOne.mutate(m.id);
  };

  const data = list.data;
  const symbols = currencySymbols(qc, token);
  const textOf = (m: Message) => noticeText(t, m.kind, m.params, symbols) ?? { title: m.title, body: m.body };
  const totalPages = data ? Math.max(1, Math.ceil(data.total / (data.pageSize || 10))) : 1;
  const unreadCount = unread.data ?? data?.list.filter((m) => !m.read).length ?? 0;

  return (
    <div className={s.page} data-testid="messages-page">
      <header className={s.head}>
        <span className={s.headIcon} aria-hidden="true">
          <Mail size={22} />
        </span>
        <div className={s.headText}>
          <h1 className={s.title}>{t('wallet:messages.title')}</h1>
          <p className={s.subtitle} data-testid="messages-unread-line">
            {unreadCount > 0 ? t('wallet:messages.unreadCount', { n: unreadCount }) : t('wallet:messages.allRead')}
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          icon={<CheckCheck size={16} />}
          onClick={() => readAll.mutate()}
          loading={readAll.isPending}
          disabled={unreadCount === 0}
          data-testid="messages-read-all"
        >
          {t('wallet:messages.markAllRead')}
        </Button>
      </header>

      {readAll.isError && (
        <p className={s.inlineError} role="alert">
          {errorMessage(t, readAll.error)}
        </p>
      )}

      {list.isError && !data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : !data ? (
        <ul className={s.list} aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className={s.item}>
              <div className={s.row}>
                <Skeleton width={36} height={36} radius={18} />
                <div className={s.rowText}>
                  <Skeleton width="55%" height={16} />
                  <Skeleton width="30%" height={13} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      ) : data.list.length === 0 ? (
        <EmptyState icon={<MailOpen size={28} strokeWidth={1.75} />} title={t('wallet:messages.emptyTitle')} description={t('wallet:messages.emptyBody')} />
      ) : (
        <>
          <ul className={s.list} data-testid="messages-list" aria-busy={list.isFetching || undefined}>
            {data.list.map((m) => {
              const expanded = open === m.id;
              const text = textOf(m);
              return (
                <li key={m.id} className={s.item} data-unread={!m.read || undefined} data-testid="message-item" data-kind={m.kind} data-read={m.read ? 'true' : 'false'}>
                  <button type="button" className={s.row} aria-expanded={expanded} aria-controls={`message-${m.id}`} onClick={() => toggle(m)} data-testid="message-open">
                    <span className={s.icon} aria-hidden="true">
                      {m.read ? <MailOpen size={18} /> : <Mail size={18} />}
                    </span>
                    <span className={s.rowText}>
                      <span className={s.itemTitle}>
                        {!m.read && <span className={s.dot} aria-hidden="true" />}
                        {text.title}
                        {!m.read && <span className="sr-only">{t('wallet:messages.unread')}</span>}
                      </span>
                      <time className={s.time} dateTime={new Date(m.createdAt).toISOString()} dir="ltr">
                        {formatDateTime(m.createdAt)}
                      </time>
                    </span>
                    <ChevronDown size={18} className={s.chev} aria-hidden="true" />
                  </button>
                  {expanded && (
                    <div id={`message-${m.id}`} className={s.body} data-testid="message-body">
                      {text.body}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          <Pager page={page} totalPages={totalPages} onChange={(p) => { setOpen(null); setPage(p); }} />
        </>
      )}
    </div>
  );
}
