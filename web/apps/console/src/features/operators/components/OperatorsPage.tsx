// Operators (ADMIN): the list with role, status, authenticator and last
// sign-in, a search by username, a new operator, and each operator's
// settings in a dialog.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UserPlus } from 'lucide-react';
import { Button, DataTable, EmptyState, Spinner, TextField, type Column, type Sort } from '@palaro/ui';
import { formatDateTime } from '@/lib/format';
import { tableLabels } from '@/components/ui/labels';
import { QueryError } from '@/components/ui/QueryError';
import { PageHeader } from '@/components/ui/PageHeader';
import { operatorsQuery, type OperatorRow } from '../api/operators';
import { CreateOperatorDialog } from './CreateOperatorDialog';
import { ManageOperatorDialog } from './ManageOperatorDialog';
import s from './Operators.module.css';

const PAGE_SIZE = 25;
const NS = 'console-operators';

export function OperatorsPage({ meId }: { meId: number }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const [sp, setSp] = useSearchParams();
  const search = (sp.get('q') ?? '').slice(0, 32);
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const [sort, setSort] = useState<Sort>(null);
  const [creating, setCreating] = useState(false);
  const [managing, setManaging] = useState<OperatorRow | null>(null);
  const q = useQuery(operatorsQuery(search, page, PAGE_SIZE));

  const go = (text: string, p = 1) => {
    const next = new URLSearchParams();
    if (text.trim()) next.set('q', text.trim());
    if (p > 1) next.set('page', String(p));
    setSp(next);
  };

  const columns: Column<OperatorRow>[] = [
    {
      key: 'username',
      header: t('username'),
      sortValue: (r) => r.username.toLowerCase(),
      cell: (r) => (
        <span className={s.name}>
          {r.username}
          {r.id === meId && <span className={[s.badge, s.you].join(' ')}>{t('you')}</span>}
        </span>
      ),
    },
    { key: 'role', header: t('role'), cell: (r) => tc(`roles.${r.role}`, { defaultValue: r.role }), sortValue: (r) => r.role },
    { key: 'status', header: t('status'), cell: (r) => <span className={[s.badge, s[r.status]].join(' ')}>{t(`statuses.${r.status}`)}</span>, sortValue: (r) => r.status },
    { key: 'totp', header: t('totp'), cell: (r) => (r.totpEnrolled ? t('totpYes') : <span className={s.muted}>{t('totpNo')}</span>), sortValue: (r) => Number(r.totpEnrolled) },
    {
      key: 'lastLoginAt',
      header: t('lastLogin'),
      cell: (r) => (r.lastLoginAt ? formatDateTime(r.lastLoginAt) : <span className={s.muted}>{t('never')}</span>),
      sortValue: (r) => r.lastLoginAt,
      nowrap: true,
    },
    { key: 'createdAt', header: t('createdAt'), cell: (r) => formatDateTime(r.createdAt), sortValue: (r) => r.createdAt, nowrap: true },
    {
      key: 'actions',
      header: <span className="sr-only">{t('manage')}</span>,
      align: 'end',
      cell: (r) => (
        <Button size="sm" variant="secondary" onClick={() => setManaging(r)} aria-label={t('manageNamed', { username: r.username })}>
          {t('manage')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('title')}
        intro={t('intro')}
        actions={
          <Button icon={<UserPlus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
            {t('add')}
          </Button>
        }
      />
      <Search key={search} value={search} onApply={(v) => go(v)} />
      {q.isPending ? (
        <Spinner label={tc('common.loading')} />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />
      ) : (
        <>
          <p className={s.total} aria-live="polite">
            {t('total', { count: q.data.total })}
          </p>
          <DataTable
            caption={t('caption')}
            hideCaption
            columns={columns}
            rows={q.data.items}
            rowKey={(r) => r.id}
            labels={tableLabels(tc)}
            sort={sort}
            onSortChange={setSort}
            page={page}
            onPageChange={(p) => go(search, p)}
            manual={{ totalPages: Math.max(1, Math.ceil(q.data.total / PAGE_SIZE)) }}
            busy={q.isFetching}
            empty={<EmptyState compact title={t('empty')} />}
          />
        </>
      )}
      <CreateOperatorDialog open={creating} onClose={() => setCreating(false)} />
      {managing && <ManageOperatorDialog key={managing.id} operator={managing} self={managing.id === meId} onClose={() => setManaging(null)} />}
    </>
  );
}

function Search({ value, onApply }: { value: string; onApply: (q: string) => void }) {
  const { t } = useTranslation(NS);
  const form = useForm<{ q: string }>({ defaultValues: { q: value } });
  return (
    <form className={s.bar} role="search" aria-label={t('searchLabel')} noValidate onSubmit={form.handleSubmit((v) => onApply(v.q))}>
      <TextField className={s.search} label={t('search')} maxLength={32} spellCheck={false} {...form.register('q')} />
      <div className={s.buttons}>
        <Button type="submit">{t('find')}</Button>
        <Button variant="ghost" onClick={() => onApply('')}>
          {t('clear')}
        </Button>
      </div>
    </form>
  );
}
