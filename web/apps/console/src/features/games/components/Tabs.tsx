// The three tabs of the games screen: vendors per category, games (filters,
// paging, order within a category) and the in-house games' settings.
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, Pencil } from 'lucide-react';
import { Button, DataTable, EmptyState, SelectField, Spinner, TextField, type Column } from '@palaro/ui';
import { formatMinor } from '@palaro/api/src/money';
import { tableLabels } from '@/components/ui/labels';
import { QueryError } from '@/components/ui/QueryError';
import { CATEGORIES, categoryPrefix, gamesQuery, inhouseQuery, moveOrder, orderGames, vendorsQuery, type GamesFilter, type InhouseGame, type OpsGame, type OpsVendor } from '../api/games';
import { GameDialog, InhouseDialog, ReasonDialog, VendorDialog } from './EditDialogs';
import { StatusBadges } from './Parts';
import s from './Games.module.css';

const PAGE_SIZE = 25;

function useCategoryName() {
  const { t } = useTranslation('console-games');
  return (code: string) => t(`category.${code}`, { defaultValue: code });
}

export function VendorsTab({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('console-games');
  const { t: tc } = useTranslation();
  const cat = useCategoryName();
  const q = useQuery(vendorsQuery());
  const [category, setCategory] = useState('');
  const [editing, setEditing] = useState<OpsVendor | null>(null);
  const rows = useMemo(
    () =>
      (q.data ?? [])
        .filter((v) => !category || v.gameType === category)
        .sort((a, b) => CATEGORIES.indexOf(a.gameType as never) - CATEGORIES.indexOf(b.gameType as never) || a.sort - b.sort || a.code.localeCompare(b.code)),
    [q.data, category],
  );
  if (q.isPending) return <Spinner label={tc('common.loading')} />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;
  const columns: Column<OpsVendor>[] = [
    {
      key: 'vendor',
      header: t('col.vendor'),
      cell: (v) => (
        <>
          <span className={s.name}>{v.displayName}</span> <span className={s.code}>{v.code}</span>
        </>
      ),
    },
    { key: 'category', header: t('col.category'), cell: (v) => cat(v.gameType), nowrap: true },
    { key: 'games', header: t('col.games'), cell: (v) => <span className={s.num}>{v.games}</span>, align: 'end' },
    { key: 'status', header: t('col.status'), cell: (v) => <StatusBadges item={v} /> },
    { key: 'sort', header: t('col.sort'), cell: (v) => <span className={s.num}>{v.sort}</span>, align: 'end' },
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      header: <span className="sr-only">{t('col.actions')}</span>,
      cell: (v) => (
        <div className={s.actions}>
          <Button size="sm" variant="ghost" icon={<Pencil size={14} aria-hidden="true" />} aria-label={t('vendor.editLabel', { name: v.displayName, category: cat(v.gameType) })} onClick={() => setEditing(v)}>
            {t('edit')}
          </Button>
        </div>
      ),
    });
  return (
    <>
      <div className={s.filters}>
        <SelectField className={s.small} label={t('col.category')} value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">{t('all')}</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {cat(c)}
            </option>
          ))}
        </SelectField>
      </div>
      <p className={s.total} aria-live="polite">
        {t('vendor.total', { count: rows.length })}
      </p>
      <DataTable caption={t('vendor.caption')} hideCaption columns={columns} rows={rows} rowKey={(v) => `${v.code}/${v.gameType}`} labels={tableLabels(tc)} busy={q.isFetching} empty={<EmptyState compact title={t('vendor.empty')} />} />
      {editing && <VendorDialog key={`${editing.code}/${editing.gameType}`} vendor={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

type Move = { game: OpsGame; index: number; dir: -1 | 1 };

export function GamesTab({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('console-games');
  const { t: tc } = useTranslation();
  const cat = useCategoryName();
  const vendors = useQuery(vendorsQuery());
  const [filter, setFilter] = useState<GamesFilter>({ vendor: '', gameType: '', q: '' });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<OpsGame | null>(null);
  const [move, setMove] = useState<Move | null>(null);
  const q = useQuery(gamesQuery(filter, page, PAGE_SIZE));
  const vendorCodes = useMemo(() => [...new Set((vendors.data ?? []).map((v) => v.code))].sort(), [vendors.data]);
  const set = (f: Partial<GamesFilter>) => {
    setFilter((o) => ({ ...o, ...f }));
    setPage(1);
  };
  const canOrder = canWrite && !!filter.gameType && !filter.vendor && !filter.q;
  const total = q.data?.total ?? 0;

  const columns: Column<OpsGame>[] = [
    {
      key: 'game',
      header: t('col.game'),
      cell: (g) => (
        <>
          <span className={s.name}>{g.name}</span> <span className={s.code}>{g.gameCode}</span>
        </>
      ),
    },
    { key: 'vendor', header: t('col.vendor'), cell: (g) => g.vendor, nowrap: true },
    { key: 'category', header: t('col.category'), cell: (g) => cat(g.gameType), nowrap: true },
    { key: 'sub', header: t('col.sub'), cell: (g) => (g.subCategory ? t(`sub.${g.subCategory}`) : '—'), nowrap: true },
    { key: 'status', header: t('col.status'), cell: (g) => <StatusBadges item={g} /> },
    { key: 'sort', header: t('col.sort'), cell: (g) => <span className={s.num}>{g.sort}</span>, align: 'end' },
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      header: <span className="sr-only">{t('col.actions')}</span>,
      cell: (g) => {
        const i = (q.data?.items ?? []).indexOf(g);
        const index = (page - 1) * PAGE_SIZE + i;
        return (
          <div className={s.actions}>
            {canOrder && (
              <>
                <Button size="sm" variant="ghost" icon={<ArrowUp size={14} aria-hidden="true" />} aria-label={t('order.up', { name: g.name })} disabled={index === 0} onClick={() => setMove({ game: g, index, dir: -1 })} />
                <Button size="sm" variant="ghost" icon={<ArrowDown size={14} aria-hidden="true" />} aria-label={t('order.down', { name: g.name })} disabled={index >= total - 1} onClick={() => setMove({ game: g, index, dir: 1 })} />
              </>
            )}
            <Button size="sm" variant="ghost" icon={<Pencil size={14} aria-hidden="true" />} aria-label={t('game.editLabel', { name: g.name })} onClick={() => setEditing(g)}>
              {t('edit')}
            </Button>
          </div>
        );
      },
    });

  return (
    <>
      <form
        className={s.filters}
        aria-label={t('game.filters')}
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: search });
        }}
      >
        <SelectField className={s.small} label={t('col.vendor')} value={filter.vendor} onChange={(e) => set({ vendor: e.target.value })}>
          <option value="">{t('all')}</option>
          {vendorCodes.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <SelectField className={s.small} label={t('col.category')} value={filter.gameType} onChange={(e) => set({ gameType: e.target.value })}>
          <option value="">{t('all')}</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {cat(c)}
            </option>
          ))}
        </SelectField>
        <TextField className={s.search} type="search" label={t('game.search')} maxLength={64} value={search} onChange={(e) => setSearch(e.target.value)} />
        <Button type="submit">{t('game.find')}</Button>
      </form>
      {canWrite && <p className={s.hint}>{canOrder ? t('order.hintOn') : t('order.hintOff')}</p>}
      {q.isPending ? (
        <Spinner label={tc('common.loading')} />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />
      ) : (
        <>
          <p className={s.total} aria-live="polite">
            {t('game.total', { count: total })}
          </p>
          <DataTable
            caption={t('game.caption')}
            hideCaption
            columns={columns}
            rows={q.data.items}
            rowKey={(g) => g.nodeId}
            labels={tableLabels(tc)}
            page={page}
            onPageChange={setPage}
            manual={{ totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)) }}
            busy={q.isFetching}
            empty={<EmptyState compact title={t('game.empty')} />}
          />
        </>
      )}
      {editing && <GameDialog key={editing.nodeId} game={editing} onClose={() => setEditing(null)} />}
      {move && (
        <ReasonDialog
          title={move.dir < 0 ? t('order.up', { name: move.game.name }) : t('order.down', { name: move.game.name })}
          description={t('order.description', { category: cat(filter.gameType) })}
          run={async (reason) => {
            const list = await categoryPrefix(filter.gameType, move.index + 1);
            const ids = moveOrder(list, move.index, move.dir);
            if (ids) await orderGames(filter.gameType, ids, reason);
          }}
          onClose={() => setMove(null)}
        />
      )}
    </>
  );
}

export function InhouseTab({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('console-games');
  const { t: tc } = useTranslation();
  const q = useQuery(inhouseQuery());
  const [editing, setEditing] = useState<InhouseGame | null>(null);
  if (q.isPending) return <Spinner label={tc('common.loading')} />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;
  const { currency, decimals } = q.data;
  const money = (v: number) => `${formatMinor(v, decimals)} ${currency}`;
  const columns: Column<InhouseGame>[] = [
    {
      key: 'game',
      header: t('col.game'),
      cell: (g) => (
        <>
          <span className={s.name}>{g.name}</span> <span className={s.code}>{g.game}</span>
        </>
      ),
    },
    { key: 'min', header: t('col.minBet'), cell: (g) => <span className={s.num}>{money(g.minBet)}</span>, align: 'end', nowrap: true },
    { key: 'max', header: t('col.maxBet'), cell: (g) => <span className={s.num}>{money(g.maxBet)}</span>, align: 'end', nowrap: true },
    { key: 'share', header: t('col.share'), cell: (g) => <span className={s.num}>{formatMinor(g.jackpotContributionBp, 2)} %</span>, align: 'end', nowrap: true },
    { key: 'profile', header: t('col.profile'), cell: (g) => (g.slotProfile ? t('inhouse.profile', { rtp: g.slotProfile }) : '—'), nowrap: true },
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      header: <span className="sr-only">{t('col.actions')}</span>,
      cell: (g) => (
        <div className={s.actions}>
          <Button size="sm" variant="ghost" icon={<Pencil size={14} aria-hidden="true" />} aria-label={t('inhouse.editLabel', { name: g.name })} onClick={() => setEditing(g)}>
            {t('edit')}
          </Button>
        </div>
      ),
    });
  return (
    <>
      <p className={s.hint}>{t('inhouse.intro')}</p>
      <DataTable caption={t('inhouse.caption')} hideCaption columns={columns} rows={q.data.items} rowKey={(g) => g.game} labels={tableLabels(tc)} busy={q.isFetching} />
      {editing && <InhouseDialog key={editing.game} game={editing} currency={currency} decimals={decimals} profiles={q.data.slotProfiles} onClose={() => setEditing(null)} />}
    </>
  );
}
