// /content: banners by group (order, picture, link, schedule, on/off),
// notices and headlines, popups, promotions and the help centre.
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, EmptyState, ErrorState, Spinner, Tabs, useToast } from '@palaro/ui';
import { errorText } from '@/lib/errors';
import {
  BANNER_GROUPS,
  HELP_KEYS,
  contentQuery,
  deleteAnnouncement,
  deleteBanner,
  deleteHelp,
  orderBanners,
  useContentChange,
  type Announcement,
  type AnnouncementType,
  type Banner,
  type ContentDoc,
  type HelpSection,
} from '../api/content';
import { AnnouncementEditor, BannerEditor, HelpEditor } from './Editors';
import s from './Content.module.css';

type Tab = 'banners' | 'notices' | 'popups' | 'promotions' | 'agents' | 'help';
const TABS: Tab[] = ['banners', 'notices', 'popups', 'promotions', 'agents', 'help'];

function when(ms?: number) {
  return ms ? new Date(ms).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }) : '';
}

/** Live, scheduled, ended or off, as the storefront sees it now. */
function status(now: number, start?: number, end?: number, off?: boolean): 'off' | 'scheduled' | 'ended' | 'live' {
  if (off) return 'off';
  if (start && now < start) return 'scheduled';
  if (end && now >= end) return 'ended';
  return 'live';
}

function Status({ start, end, off }: { start?: number; end?: number; off?: boolean }) {
  const { t } = useTranslation('console-content');
  const st = status(Date.now(), start, end, off);
  return (
    <span className={`${s.badge} ${s[st]}`}>
      {t(`status.${st}`)}
      {start || end ? <span className={s.window}> {[when(start), when(end)].filter(Boolean).join(' – ')}</span> : null}
    </span>
  );
}

function Confirm({ open, onClose, onConfirm, busy, name }: { open: boolean; onClose: () => void; onConfirm: () => void; busy: boolean; name: string }) {
  const { t } = useTranslation('console-content');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      closeLabel={t('editor.close')}
      title={t('delete.title')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('editor.cancel')}
          </Button>
          <Button variant="danger" loading={busy} onClick={onConfirm}>
            {t('delete.confirm')}
          </Button>
        </>
      }
    >
      <p>{t('delete.body', { name })}</p>
    </Dialog>
  );
}

function useDelete<K>(fn: (k: K) => Promise<unknown>) {
  const { t } = useTranslation('console-content');
  const { toast } = useToast();
  const [target, setTarget] = useState<{ key: K; name: string } | null>(null);
  const m = useContentChange(fn);
  const dialog = (
    <Confirm
      open={target !== null}
      name={target?.name ?? ''}
      busy={m.isPending}
      onClose={() => setTarget(null)}
      onConfirm={() =>
        target &&
        m.mutate(target.key, {
          onSuccess: () => {
            toast('success', t('deleted'));
            setTarget(null);
          },
          onError: (e) => toast('error', errorText(t, e)),
        })
      }
    />
  );
  return { ask: (key: K, name: string) => setTarget({ key, name }), dialog };
}

function Banners({ doc }: { doc: ContentDoc }) {
  const { t } = useTranslation('console-content');
  const { toast } = useToast();
  const [editing, setEditing] = useState<{ banner?: Banner; group: string } | null>(null);
  const order = useContentChange(orderBanners);
  const del = useDelete(deleteBanner);
  const move = (list: Banner[], i: number, d: number) => {
    const ids = list.map((b) => b.id);
    [ids[i], ids[i + d]] = [ids[i + d], ids[i]];
    order.mutate({ group: list[0].groupName, ids }, { onSuccess: () => toast('success', t('banner.reordered')), onError: (e) => toast('error', errorText(t, e)) });
  };
  return (
    <div className={s.groups}>
      {BANNER_GROUPS.map((g) => {
        const list = doc.banners.filter((b) => b.groupName === g).sort((a, b) => a.sequence - b.sequence || a.id - b.id);
        return (
          <section key={g} className={s.group} aria-labelledby={`group-${g}`}>
            <header className={s.groupHead}>
              <h2 id={`group-${g}`}>
                {t(`groups.${g}`)} <code>{g}</code>
              </h2>
              <Button size="sm" variant="secondary" icon={<Plus size={14} aria-hidden="true" />} onClick={() => setEditing({ group: g })}>
                {t('banner.add')}
              </Button>
            </header>
            {list.length === 0 ? (
              <p className={s.empty}>{t('banner.none')}</p>
            ) : (
              <ol className={s.list}>
                {list.map((b, i) => (
                  <li key={b.id} className={s.item}>
                    <img className={s.thumb} src={b.url} alt="" width={120} height={40} />
                    <div className={s.itemMain}>
                      <span className={s.itemTitle} data-testid={`banner-title-${b.id}`}>
                        {b.title.EN}
                      </span>
                      <span className={s.meta}>
                        {t(`link.${b.linkageType}`)}
                        {b.linkTarget && `: ${b.linkTarget}`}
                      </span>
                    </div>
                    <Status start={b.startTime} end={b.endTime} off={b.disabled} />
                    <div className={s.actions}>
                      <Button size="sm" variant="ghost" aria-label={t('banner.up', { name: b.title.EN })} disabled={i === 0 || order.isPending} onClick={() => move(list, i, -1)}>
                        <ArrowUp size={14} aria-hidden="true" />
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t('banner.down', { name: b.title.EN })}
                        disabled={i === list.length - 1 || order.isPending}
                        onClick={() => move(list, i, 1)}
                      >
                        <ArrowDown size={14} aria-hidden="true" />
                      </Button>
                      <Button size="sm" variant="ghost" aria-label={t('editLabel', { name: b.title.EN })} onClick={() => setEditing({ banner: b, group: g })}>
                        <Pencil size={14} aria-hidden="true" />
                      </Button>
                      <Button size="sm" variant="ghost" aria-label={t('deleteLabel', { name: b.title.EN })} onClick={() => del.ask(b.id, b.title.EN ?? '')}>
                        <Trash2 size={14} aria-hidden="true" />
                      </Button>
                    </div>
                  </li>
                ))}
              </ol>
            )}
          </section>
        );
      })}
      {editing && <BannerEditor open onClose={() => setEditing(null)} banner={editing.banner} group={editing.group} />}
      {del.dialog}
    </div>
  );
}

function Announcements({ doc, types }: { doc: ContentDoc; types: AnnouncementType[] }) {
  const { t } = useTranslation('console-content');
  const [editing, setEditing] = useState<{ item?: Announcement; type: AnnouncementType } | null>(null);
  const del = useDelete(deleteAnnouncement);
  return (
    <div className={s.groups}>
      {types.map((type) => {
        const list = doc.announcements.filter((a) => a.type === type);
        return (
          <section key={type} className={s.group} aria-labelledby={`type-${type}`}>
            <header className={s.groupHead}>
              <h2 id={`type-${type}`}>{t(`type.${type}.title`)}</h2>
              <Button size="sm" variant="secondary" icon={<Plus size={14} aria-hidden="true" />} onClick={() => setEditing({ type })}>
                {t(`type.${type}.new`)}
              </Button>
            </header>
            {list.length === 0 ? (
              <p className={s.empty}>{t('none')}</p>
            ) : (
              <ul className={s.list}>
                {list.map((a) => (
                  <li key={a.id} className={s.item}>
                    {type === 'PR' && a.announcementImages?.[0] && <img className={s.thumb} src={a.announcementImages[0].url} alt="" width={120} height={40} />}
                    <div className={s.itemMain}>
                      <span className={s.itemTitle}>{a.title.EN}</span>
                      <span className={s.meta}>
                        {Object.keys(a.title).join(' · ')}
                        {a.execution && ` · ${t(`popup.exec.${a.execution}`)}`}
                        {a.category && ` · ${a.category}`}
                        {type === 'AG' && ` · ${a.agentTypes?.length ? a.agentTypes.map((n) => t(`agent.types.${n}`)).join(', ') : t('agent.everyAgent')}`}
                        {a.disabled && ` · ${t('agent.off')}`}
                      </span>
                    </div>
                    <Status start={a.startTime} end={a.endTime} />
                    <div className={s.actions}>
                      <Button size="sm" variant="ghost" aria-label={t('editLabel', { name: a.title.EN })} onClick={() => setEditing({ item: a, type })}>
                        <Pencil size={14} aria-hidden="true" />
                      </Button>
                      <Button size="sm" variant="ghost" aria-label={t('deleteLabel', { name: a.title.EN })} onClick={() => del.ask(a.id, a.title.EN ?? '')}>
                        <Trash2 size={14} aria-hidden="true" />
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
      {editing && <AnnouncementEditor open onClose={() => setEditing(null)} item={editing.item} type={editing.type} />}
      {del.dialog}
    </div>
  );
}

function Help({ doc }: { doc: ContentDoc }) {
  const { t } = useTranslation('console-content');
  const [editing, setEditing] = useState<{ key: string; section?: HelpSection } | null>(null);
  const del = useDelete(deleteHelp);
  return (
    <section className={s.group} aria-label={t('tabs.help')}>
      <ul className={s.list}>
        {HELP_KEYS.map((key) => {
          const h = doc.help.find((x) => x.key === key);
          return (
            <li key={key} className={s.item}>
              <div className={s.itemMain}>
                <span className={s.itemTitle}>{h ? h.title.EN : t(`help.keys.${key}`)}</span>
                <span className={s.meta}>
                  /help#{key}
                  {h ? ` · ${Object.keys(h.title).join(' · ')}` : ` · ${t('help.missing')}`}
                </span>
              </div>
              <div className={s.actions}>
                <Button size="sm" variant="ghost" aria-label={t('editLabel', { name: t(`help.keys.${key}`) })} onClick={() => setEditing({ key, section: h })}>
                  <Pencil size={14} aria-hidden="true" />
                </Button>
                {h && (
                  <Button size="sm" variant="ghost" aria-label={t('deleteLabel', { name: t(`help.keys.${key}`) })} onClick={() => del.ask(key, h.title.EN ?? key)}>
                    <Trash2 size={14} aria-hidden="true" />
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {editing && <HelpEditor open onClose={() => setEditing(null)} section={editing.section} sectionKey={editing.key} />}
      {del.dialog}
    </section>
  );
}

export function ContentScreen() {
  const { t } = useTranslation('console-content');
  const [tab, setTab] = useState<Tab>('banners');
  const q = useQuery(contentQuery());
  return (
    <div className={s.page}>
      <header className={s.head}>
        <h1>{t('title')}</h1>
        <p className={s.lead}>{t('lead')}</p>
      </header>
      <Tabs tabs={TABS.map((k) => ({ key: k, label: t(`tabs.${k}`) }))} value={tab} onChange={(k) => setTab(k as Tab)} label={t('title')}>
        {q.isPending ? (
          <Spinner label={t('loading')} />
        ) : q.isError ? (
          <ErrorState title={errorText(t, q.error)} retryLabel={t('retry')} onRetry={() => void q.refetch()} />
        ) : !q.data ? (
          <EmptyState title={t('none')} />
        ) : tab === 'banners' ? (
          <Banners doc={q.data} />
        ) : tab === 'notices' ? (
          <Announcements doc={q.data} types={['PL', 'H']} />
        ) : tab === 'popups' ? (
          <Announcements doc={q.data} types={['PU']} />
        ) : tab === 'promotions' ? (
          <Announcements doc={q.data} types={['PR']} />
        ) : tab === 'agents' ? (
          <Announcements doc={q.data} types={['AG']} />
        ) : (
          <Help doc={q.data} />
        )}
      </Tabs>
    </div>
  );
}
