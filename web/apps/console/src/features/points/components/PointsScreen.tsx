// The "Points mall" screen: the items (create, edit, pause, stock), the
// review of redemptions (physical goods approved or rejected with a reason;
// a rejection gives the points back) and a player's points on request.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, DataTable, Dialog, SelectField, Spinner, Tabs, TextField, useToast, type Column } from '@palaro/ui';
import { formatMinor } from '@palaro/api/src/money';
import { z } from '@/lib/zod';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { tableLabels } from '@/components/ui/labels';
import { PageHeader } from '@/components/ui/PageHeader';
import { QueryError } from '@/components/ui/QueryError';
import {
  approveRedemption,
  createItem,
  itemsQuery,
  playerPointsQuery,
  redemptionsQuery,
  rejectRedemption,
  ROOT,
  setItemStatus,
  updateItem,
  PAGE_SIZE,
  type Item,
  type ItemInput,
  type Redemption,
} from '../api/points';
import s from './Points.module.css';

export const NS = 'console-points';

const TONE: Record<string, string> = { APPROVED: s.ok, ACTIVE: s.ok, REJECTED: s.bad, PAUSED: s.bad, IN_PROCESS: s.waiting };
function Badge({ status }: { status: string }) {
  const { t } = useTranslation(NS);
  return <span className={[s.badge, TONE[status] ?? ''].join(' ')}>{t(`status.${status}`, { defaultValue: status })}</span>;
}

export function PointsScreen({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const [tab, setTab] = useState('items');
  return (
    <>
      <PageHeader title={t('screen.title')} intro={t('screen.intro')} />
      <Tabs
        label={t('screen.tabs')}
        value={tab}
        onChange={setTab}
        tabs={[
          { key: 'items', label: t('tabs.items') },
          { key: 'redemptions', label: t('tabs.redemptions') },
          { key: 'player', label: t('tabs.player') },
        ]}
      >
        {tab === 'items' && <Items canWrite={canWrite} />}
        {tab === 'redemptions' && <Redemptions canWrite={canWrite} />}
        {tab === 'player' && <PlayerPoints />}
      </Tabs>
    </>
  );
}

function Items({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const qc = useQueryClient();
  const { toast } = useToast();
  const q = useQuery(itemsQuery());
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const status = useMutation({
    mutationFn: (it: Item) => setItemStatus(it.id, it.status === 'ACTIVE' ? 'PAUSED' : 'ACTIVE'),
    onSuccess: (it) => {
      toast('success', t(it.status === 'ACTIVE' ? 'items.resumed' : 'items.paused', { name: it.nameEN }));
      void qc.invalidateQueries({ queryKey: ROOT });
    },
    onError: (e) => toast('error', errorText(t, e)),
  });
  if (q.isPending) return <Spinner label={tc('common.loading')} />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;
  const dec = q.data.decimals;
  const worth = (it: Item) =>
    it.kind === 'BONUS_CASH'
      ? `${formatMinor(it.amount, dec)} ${q.data.currency}`
      : it.kind === 'FREE_SPINS'
        ? t('items.spins', { spins: it.spins, bet: formatMinor(it.amount, dec) })
        : t('kinds.GOODS');
  const columns: Column<Item>[] = [
    { key: 'name', header: t('items.name'), cell: (it) => it.nameEN },
    { key: 'kind', header: t('items.kind'), cell: (it) => t(`kinds.${it.kind}`), nowrap: true },
    { key: 'worth', header: t('items.worth'), cell: worth, nowrap: true },
    { key: 'points', header: t('items.points'), cell: (it) => it.points.toLocaleString('en-US'), align: 'end', nowrap: true },
    { key: 'stock', header: t('items.stock'), cell: (it) => (it.stock < 0 ? t('items.unlimited') : it.stock), align: 'end' },
    { key: 'limit', header: t('items.limit'), cell: (it) => it.memberLimit || '—', align: 'end' },
    { key: 'status', header: t('items.status'), cell: (it) => <Badge status={it.status} /> },
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      header: t('items.actions'),
      nowrap: true,
      cell: (it) => (
        <span className={s.actions}>
          <Button size="sm" variant="ghost" onClick={() => setEditing(it)} aria-label={t('items.editItem', { name: it.nameEN })}>
            {t('items.edit')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => status.mutate(it)} aria-label={t(it.status === 'ACTIVE' ? 'items.pauseItem' : 'items.resumeItem', { name: it.nameEN })}>
            {t(it.status === 'ACTIVE' ? 'items.pause' : 'items.resume')}
          </Button>
        </span>
      ),
    });
  return (
    <section className={s.tab}>
      <div className={s.head}>
        <p className={s.note}>{t('items.intro')}</p>
        {canWrite && <Button onClick={() => setEditing('new')}>{t('items.create')}</Button>}
      </div>
      <DataTable caption={t('items.caption')} hideCaption columns={columns} rows={q.data.list} rowKey={(it) => it.id} labels={tableLabels(tc)} empty={t('items.empty')} />
      {editing && <ItemDialog item={editing === 'new' ? null : editing} decimals={dec} onClose={() => setEditing(null)} />}
    </section>
  );
}

const money = z.string().trim().regex(/^[0-9]{1,9}(\.[0-9]{1,2})?$/, 'v.amount');
const whole = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?[0-9]{1,9}$/, 'v.whole')
    .refine((v) => Number(v) >= min && Number(v) <= max, 'v.range');
const itemSchema = z
  .object({
    kind: z.enum(['BONUS_CASH', 'FREE_SPINS', 'GOODS']),
    nameEN: z.string().trim().min(1, 'v.name').max(80, 'v.name'),
    nameTY: z.string().trim().max(80, 'v.name'),
    descEN: z.string().trim().max(500, 'v.desc'),
    descTY: z.string().trim().max(500, 'v.desc'),
    imageUrl: z
      .string()
      .trim()
      .max(500, 'v.image')
      .refine((v) => v === '' || v.startsWith('https://') || (v.startsWith('/') && !v.startsWith('//')), 'v.image'),
    points: whole(1, 100_000_000),
    amount: money.or(z.literal('')),
    spins: whole(0, 500).or(z.literal('')),
    wagerMultiple: whole(0, 100),
    stock: whole(-1, 1_000_000),
    memberLimit: whole(0, 1000),
    sort: whole(0, 10_000),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== 'GOODS' && (v.amount === '' || Number(v.amount) <= 0)) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'v.amount' });
    if (v.kind === 'FREE_SPINS' && (v.spins === '' || Number(v.spins) < 1)) ctx.addIssue({ code: 'custom', path: ['spins'], message: 'v.spins' });
  });
type ItemForm = z.infer<typeof itemSchema>;

function toMinor(v: string, decimals: number): number {
  const [w, f = ''] = v.trim().split('.');
  return Number(w) * 10 ** decimals + Number((f + '00').slice(0, decimals) || '0');
}

function ItemDialog({ item, decimals, onClose }: { item: Item | null; decimals: number; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const { toast } = useToast();
  const [error, setError] = useState('');
  const form = useForm<ItemForm>({
    resolver: zodResolver(itemSchema),
    defaultValues: {
      kind: item?.kind ?? 'BONUS_CASH',
      nameEN: item?.nameEN ?? '',
      nameTY: item?.nameTY ?? '',
      descEN: item?.descEN ?? '',
      descTY: item?.descTY ?? '',
      imageUrl: item?.imageUrl ?? '',
      points: String(item?.points ?? ''),
      amount: item && item.kind !== 'GOODS' ? formatMinor(item.amount, decimals).replace(/,/g, '') : '',
      spins: item?.spins ? String(item.spins) : '',
      wagerMultiple: String(item?.wagerMultiple ?? 0),
      stock: String(item?.stock ?? -1),
      memberLimit: String(item?.memberLimit ?? 0),
      sort: String(item?.sort ?? 0),
    },
  });
  const kind = form.watch('kind');
  const err = (k: keyof ItemForm) => {
    const m = form.formState.errors[k]?.message;
    return m ? t(m) : undefined;
  };
  const submit = form.handleSubmit(async (v) => {
    setError('');
    const body: ItemInput = {
      kind: v.kind,
      nameEN: v.nameEN,
      nameTY: v.nameTY,
      descEN: v.descEN,
      descTY: v.descTY,
      imageUrl: v.imageUrl,
      points: Number(v.points),
      amount: v.kind === 'GOODS' || v.amount === '' ? 0 : toMinor(v.amount, decimals),
      spins: v.kind === 'FREE_SPINS' ? Number(v.spins) : 0,
      wagerMultiple: Number(v.wagerMultiple),
      stock: Number(v.stock),
      memberLimit: Number(v.memberLimit),
      status: item?.status ?? 'ACTIVE',
      sort: Number(v.sort),
    };
    try {
      const saved = item ? await updateItem(item.id, body) : await createItem(body);
      toast('success', t(item ? 'items.saved' : 'items.created', { name: saved.nameEN }));
      void qc.invalidateQueries({ queryKey: ROOT });
      onClose();
    } catch (e) {
      setError(errorText(t, e));
    }
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title={item ? t('items.editTitle', { name: item.nameEN }) : t('items.createTitle')}
      closeLabel={t('close')}
      size="md"
      footer={
        <div className={s.dialogButtons}>
          <Button variant="ghost" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="points-item-form" loading={form.formState.isSubmitting}>
            {t('items.save')}
          </Button>
        </div>
      }
    >
      <form id="points-item-form" className={s.stack} noValidate onSubmit={submit}>
        <SelectField label={t('items.kind')} disabled={!!item} {...form.register('kind')}>
          {(['BONUS_CASH', 'FREE_SPINS', 'GOODS'] as const).map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </SelectField>
        <div className={s.row2}>
          <TextField label={t('items.nameEN')} error={err('nameEN')} {...form.register('nameEN')} />
          <TextField label={t('items.nameTY')} error={err('nameTY')} {...form.register('nameTY')} />
        </div>
        <div className={s.row2}>
          <TextField label={t('items.descEN')} error={err('descEN')} {...form.register('descEN')} />
          <TextField label={t('items.descTY')} error={err('descTY')} {...form.register('descTY')} />
        </div>
        <TextField label={t('items.image')} hint={t('items.imageHint')} error={err('imageUrl')} {...form.register('imageUrl')} />
        <div className={s.row2}>
          <TextField label={t('items.points')} inputMode="numeric" error={err('points')} {...form.register('points')} />
          {kind !== 'GOODS' && (
            <TextField label={kind === 'FREE_SPINS' ? t('items.spinBet') : t('items.cash')} inputMode="decimal" error={err('amount')} {...form.register('amount')} />
          )}
          {kind === 'FREE_SPINS' && <TextField label={t('items.spinCount')} inputMode="numeric" error={err('spins')} {...form.register('spins')} />}
          {kind !== 'GOODS' && (
            <TextField label={t('items.wager')} hint={t('items.wagerHint')} inputMode="numeric" error={err('wagerMultiple')} {...form.register('wagerMultiple')} />
          )}
        </div>
        <div className={s.row2}>
          <TextField label={t('items.stock')} hint={t('items.stockHint')} inputMode="numeric" error={err('stock')} {...form.register('stock')} />
          <TextField label={t('items.limit')} hint={t('items.limitHint')} inputMode="numeric" error={err('memberLimit')} {...form.register('memberLimit')} />
          <TextField label={t('items.sort')} inputMode="numeric" error={err('sort')} {...form.register('sort')} />
        </div>
        {error && (
          <p role="alert" className={s.formError}>
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}

function Redemptions({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const qc = useQueryClient();
  const { toast } = useToast();
  const [status, setStatus] = useState('IN_PROCESS');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<Redemption | null>(null);
  const q = useQuery(redemptionsQuery(status, page));
  const approve = useMutation({
    mutationFn: (r: Redemption) => approveRedemption(r.id),
    onSuccess: (r) => {
      toast('success', t('review.approved', { ref: r.ref }));
      void qc.invalidateQueries({ queryKey: ROOT });
    },
    onError: (e) => toast('error', errorText(t, e)),
  });
  if (q.isPending) return <Spinner label={tc('common.loading')} />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;
  const columns: Column<Redemption>[] = [
    { key: 'ref', header: t('review.ref'), cell: (r) => r.ref, nowrap: true },
    { key: 'time', header: t('review.time'), cell: (r) => formatDateTime(r.createdAt), nowrap: true },
    { key: 'player', header: t('review.player'), cell: (r) => r.account, nowrap: true },
    { key: 'item', header: t('review.item'), cell: (r) => (r.kind === 'CONVERT' ? t('kinds.CONVERT') : `${r.name} × ${r.quantity}`) },
    { key: 'points', header: t('review.points'), cell: (r) => r.points.toLocaleString('en-US'), align: 'end', nowrap: true },
    {
      key: 'address',
      header: t('review.address'),
      cell: (r) => (r.address ? <span className={s.address}>{`${r.address.name}, ${r.address.phone}, ${r.address.address}`}</span> : '—'),
    },
    { key: 'status', header: t('review.status'), cell: (r) => <Badge status={r.status} /> },
    { key: 'reason', header: t('review.reason'), cell: (r) => r.reason || '—' },
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      header: t('items.actions'),
      nowrap: true,
      cell: (r) =>
        r.status === 'IN_PROCESS' ? (
          <span className={s.actions}>
            <Button size="sm" onClick={() => approve.mutate(r)} loading={approve.isPending && approve.variables?.id === r.id}>
              {t('review.approve')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setRejecting(r)}>
              {t('review.reject')}
            </Button>
          </span>
        ) : null,
    });
  return (
    <section className={s.tab}>
      <div className={s.head}>
        <SelectField
          label={t('review.filter')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
        >
          {['IN_PROCESS', 'APPROVED', 'REJECTED', ''].map((v) => (
            <option key={v} value={v}>
              {v ? t(`status.${v}`) : t('review.all')}
            </option>
          ))}
        </SelectField>
      </div>
      <DataTable
        caption={t('review.caption')}
        hideCaption
        columns={columns}
        rows={q.data.items}
        rowKey={(r) => r.id}
        labels={tableLabels(tc)}
        empty={t('review.empty')}
        page={page}
        onPageChange={setPage}
        pageSize={PAGE_SIZE}
        manual={{ totalPages: Math.max(1, Math.ceil(q.data.total / PAGE_SIZE)) }}
      />
      {rejecting && <RejectDialog r={rejecting} onClose={() => setRejecting(null)} />}
    </section>
  );
}

const reasonSchema = z.object({ reason: z.string().trim().min(3, 'v.reason').max(200, 'v.reason') });

function RejectDialog({ r, onClose }: { r: Redemption; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const { toast } = useToast();
  const [error, setError] = useState('');
  const form = useForm<{ reason: string }>({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } });
  const submit = form.handleSubmit(async (v) => {
    setError('');
    try {
      await rejectRedemption(r.id, v.reason.trim());
      toast('success', t('review.rejected', { ref: r.ref, points: r.points.toLocaleString('en-US') }));
      void qc.invalidateQueries({ queryKey: ROOT });
      onClose();
    } catch (e) {
      setError(errorText(t, e));
    }
  });
  const err = form.formState.errors.reason?.message;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('review.rejectTitle', { ref: r.ref })}
      description={t('review.rejectIntro', { points: r.points.toLocaleString('en-US') })}
      closeLabel={t('close')}
      size="sm"
      alert
      footer={
        <div className={s.dialogButtons}>
          <Button variant="ghost" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="points-reject-form" variant="danger" loading={form.formState.isSubmitting}>
            {t('review.reject')}
          </Button>
        </div>
      }
    >
      <form id="points-reject-form" noValidate onSubmit={submit}>
        <TextField label={t('review.reason')} hint={t('review.reasonHint')} error={err && t(err)} autoComplete="off" autoFocus {...form.register('reason')} />
        {error && (
          <p role="alert" className={s.formError}>
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}

function PlayerPoints() {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const [draft, setDraft] = useState('');
  const [id, setId] = useState(0);
  const q = useQuery(playerPointsQuery(id));
  return (
    <section className={s.tab}>
      <form
        className={s.head}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (/^[0-9]{1,18}$/.test(draft.trim())) setId(Number(draft.trim()));
        }}
      >
        <TextField label={t('player.id')} hint={t('player.idHint')} inputMode="numeric" value={draft} onChange={(e) => setDraft(e.target.value)} />
        <Button type="submit">{t('player.show')}</Button>
      </form>
      {id > 0 && q.isPending && <Spinner label={tc('common.loading')} />}
      {q.isError && <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />}
      {q.data && (
        <>
          <dl className={s.totals}>
            <div>
              <dt>{t('player.balance')}</dt>
              <dd>{q.data.balance.balance.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt>{t('player.earned')}</dt>
              <dd>{q.data.balance.earned.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt>{t('player.spent')}</dt>
              <dd>{q.data.balance.spent.toLocaleString('en-US')}</dd>
            </div>
          </dl>
          <DataTable
            caption={t('player.history')}
            columns={[
              { key: 'ref', header: t('review.ref'), cell: (e) => e.ref, nowrap: true },
              { key: 'time', header: t('review.time'), cell: (e) => formatDateTime(e.applyTime), nowrap: true },
              { key: 'type', header: t('player.type'), cell: (e) => t(`types.${e.type}`, { defaultValue: e.type }) },
              { key: 'name', header: t('items.name'), cell: (e) => e.name },
              { key: 'status', header: t('review.status'), cell: (e) => <Badge status={e.status} /> },
              { key: 'change', header: t('player.change'), cell: (e) => (e.changedPoints > 0 ? `+${e.changedPoints}` : String(e.changedPoints)), align: 'end' },
              { key: 'after', header: t('player.after'), cell: (e) => e.pointsBalance, align: 'end' },
              { key: 'remark', header: t('review.reason'), cell: (e) => e.remark || '—' },
            ]}
            rows={q.data.history.list}
            rowKey={(e) => e.id}
            labels={tableLabels(tc)}
            empty={t('player.empty')}
          />
        </>
      )}
    </section>
  );
}
