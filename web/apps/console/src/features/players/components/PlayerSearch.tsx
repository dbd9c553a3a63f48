// Player search: one key (username prefix, mobile, e-mail, id, IP, upline
// agent) and the text, kept in the URL (shareable, the back button works);
// the matches in a server-paged table, each row opening the player's page;
// the whole result as the server's CSV file.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Download, Search as SearchIcon } from 'lucide-react';
import { Button, DataTable, EmptyState, SelectField, Spinner, TextField, useToast, type Column } from '@palaro/ui';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { tableLabels } from '@/components/ui/labels';
import { QueryError } from '@/components/ui/QueryError';
import { PageHeader } from '@/components/ui/PageHeader';
import { exportSearch, searchQuery, SEARCH_KEYS, type PlayerItem, type Search, type SearchKey } from '../api/players';
import { searchSchema, type SearchForm } from '../api/schemas';
import { downloadBlob, Money, NS, StatusBadge } from './shared';
import s from './Players.module.css';

export const SEARCH_PAGE_SIZE = 25;

export function readSearch(sp: URLSearchParams): Search {
  const by = sp.get('by') as SearchKey | null;
  return { by: by && (SEARCH_KEYS as readonly string[]).includes(by) ? by : 'username', q: sp.get('q') ?? '' };
}

export function PlayerSearch({ playerPath }: { playerPath: (id: number) => string }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const [sp, setSp] = useSearchParams();
  const search = readSearch(sp);
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const q = useQuery(searchQuery(search, page, SEARCH_PAGE_SIZE));

  const go = (v: Search, p = 1) => {
    const next = new URLSearchParams({ by: v.by, q: v.q });
    if (p > 1) next.set('page', String(p));
    setSp(next);
  };

  const exportCsv = useMutation({
    mutationFn: () => exportSearch(search),
    onSuccess: (f) => {
      downloadBlob(f.name, f.blob);
      toast('success', f.truncated ? t('search.exportedCapped') : t('search.exported'));
    },
    onError: (e) => toast('error', errorText(tc, e)),
  });

  const dec = q.data?.decimals ?? 2;
  const columns: Column<PlayerItem>[] = [
    {
      key: 'username',
      header: t('search.username'),
      cell: (r) => (
        <Link className={s.rowLink} to={playerPath(r.id)}>
          {r.username}
        </Link>
      ),
    },
    { key: 'id', header: t('search.id'), cell: (r) => r.id, nowrap: true, align: 'end' },
    { key: 'mobile', header: t('search.mobile'), cell: (r) => (r.mobile ? `${r.countryDialingCode ? `+${r.countryDialingCode} ` : ''}${r.mobile}` : '—'), nowrap: true },
    { key: 'email', header: t('search.email'), cell: (r) => <span className={s.clip}>{r.email || '—'}</span> },
    { key: 'status', header: t('search.status'), cell: (r) => <StatusBadge status={r.status} /> },
    { key: 'balance', header: t('search.balance'), cell: (r) => <Money minor={r.balance} decimals={dec} />, align: 'end', nowrap: true },
    { key: 'registered', header: t('search.registered'), cell: (r) => formatDateTime(r.registeredAt), nowrap: true },
    {
      key: 'lastLogin',
      header: t('search.lastLogin'),
      cell: (r) =>
        r.lastLoginAt ? (
          <span className={s.stack}>
            <span>{formatDateTime(r.lastLoginAt)}</span>
            {r.lastLoginIp && <span className={s.muted}>{r.lastLoginIp}</span>}
          </span>
        ) : (
          '—'
        ),
      nowrap: true,
    },
    { key: 'agent', header: t('search.agent'), cell: (r) => r.agent || '—' },
  ];

  return (
    <>
      <PageHeader
        title={t('search.title')}
        intro={t('search.intro')}
        actions={
          search.q ? (
            <Button variant="secondary" icon={<Download size={16} aria-hidden="true" />} loading={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
              {t('search.export')}
            </Button>
          ) : undefined
        }
      />
      <SearchBox key={sp.toString()} value={search} onSearch={(v) => go(v)} />
      {!search.q ? (
        <EmptyState title={t('search.start')} description={t('search.startHint')} icon={<SearchIcon size={28} aria-hidden="true" />} />
      ) : q.isPending ? (
        <Spinner label={tc('common.loading')} />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />
      ) : (
        <>
          <p className={s.total} aria-live="polite">
            {q.data.totalCapped ? t('search.totalCapped', { n: q.data.total }) : t('search.total', { n: q.data.total })}
          </p>
          <DataTable
            caption={t('search.caption')}
            hideCaption
            columns={columns}
            rows={q.data.items}
            rowKey={(r) => r.id}
            labels={tableLabels(tc)}
            page={page}
            onPageChange={(p) => go(search, p)}
            manual={{ totalPages: Math.max(1, Math.ceil(q.data.total / SEARCH_PAGE_SIZE)) }}
            busy={q.isFetching}
            empty={<EmptyState compact title={t('search.empty')} />}
          />
        </>
      )}
    </>
  );
}

export function SearchBox({ value, onSearch }: { value: Search; onSearch: (v: Search) => void }) {
  const { t } = useTranslation(NS);
  const form = useForm<SearchForm>({ resolver: zodResolver(searchSchema), defaultValues: value });
  const err = form.formState.errors.q?.message;
  const by = form.watch('by');
  return (
    <form className={s.filters} role="search" aria-label={t('search.form')} noValidate onSubmit={form.handleSubmit((v) => onSearch({ by: v.by, q: v.q }))}>
      <SelectField className={s.byField} label={t('search.by')} {...form.register('by')}>
        {SEARCH_KEYS.map((k) => (
          <option key={k} value={k}>
            {t(`by.${k}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        className={s.queryField}
        label={t('search.query')}
        placeholder={t(`hint.${by}`)}
        autoComplete="off"
        spellCheck={false}
        error={err && t(err, { max: 64 })}
        {...form.register('q')}
      />
      <div className={s.buttons}>
        <Button type="submit" icon={<SearchIcon size={16} aria-hidden="true" />}>
          {t('search.submit')}
        </Button>
      </div>
    </form>
  );
}
