// The brand screen: every setting of the brand document in tabs, one form,
// saved as a whole under the version it was read at (a change by someone
// else meanwhile is reported, with a reload). A save and the maintenance
// switch ask for a reason; both are audited by the server.
import { useEffect, useState } from 'react';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorCode } from '@palaro/api/src/envelope';
import { Button, Dialog, Spinner, Tabs, TextField, useToast } from '@palaro/ui';
import { z } from '@/lib/zod';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { PageHeader } from '@/components/ui/PageHeader';
import { QueryError } from '@/components/ui/QueryError';
import { brandKey, brandQuery, maintenanceAt, saveBrand, switchMaintenance, type BrandDocument } from '../api/brand';
import { brandSchema, fromForm, TAB_OF, toForm, type BrandForm } from '../api/form';
import { Advanced, Cdns, General, Languages, OpsSettings, Region, Registration, Resources, Service, Switches } from './Sections';
import { Maintenance } from './Maintenance';
import { ThemeTab } from './Theme';
import s from './Brand.module.css';

const TABS = ['general', 'languages', 'switches', 'registration', 'maintenance', 'region', 'resources', 'service', 'cdn', 'theme', 'ops', 'advanced'] as const;
type Tab = (typeof TABS)[number];

export const reasonSchema = z.object({ reason: z.string().trim().min(3, 'v.reason').max(200, 'v.reason') });

export function BrandSettings({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('console-brand');
  const q = useQuery({ ...brandQuery(), refetchOnWindowFocus: false, staleTime: Infinity });
  return (
    <>
      <PageHeader title={t('title')} intro={t('intro')} />
      {q.isPending ? (
        <Spinner label={t('common.loading', { ns: 'console' })} />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />
      ) : (
        <Editor doc={q.data} canWrite={canWrite} />
      )}
    </>
  );
}

function Editor({ doc, canWrite }: { doc: BrandDocument; canWrite: boolean }) {
  const { t } = useTranslation('console-brand');
  const { toast } = useToast();
  const qc = useQueryClient();
  const [base, setBase] = useState(doc);
  const [tab, setTab] = useState<Tab>('general');
  const [asking, setAsking] = useState<null | { kind: 'save' } | { kind: 'maintenance'; on: boolean }>(null);
  const [conflict, setConflict] = useState(false);
  const [serverError, setServerError] = useState('');
  const form = useForm<BrandForm>({ resolver: zodResolver(brandSchema), defaultValues: toForm(doc.config), mode: 'onTouched' });
  const disabled = !canWrite;

  const adopt = (d: BrandDocument, resetForm: boolean) => {
    setBase(d);
    qc.setQueryData(brandKey, d);
    if (resetForm) form.reset(toForm(d.config));
  };

  const save = useMutation({
    mutationFn: ({ values, reason }: { values: BrandForm; reason: string }) => saveBrand(base.version, fromForm(values, base.config), reason),
    onSuccess: (d) => {
      adopt(d, true);
      setAsking(null);
      setServerError('');
      toast('success', t('saved'));
    },
    onError: (e) => {
      setAsking(null);
      if (errorCode(e) === 'brand.version_conflict') setConflict(true);
      else setServerError(errorText(t, e));
    },
  });

  const maint = useMutation({
    mutationFn: ({ on, reason }: { on: boolean; reason: string }) => switchMaintenance(on, reason),
    onSuccess: (d) => {
      // The switch keeps any unsaved edits: they apply on top of the new version.
      adopt(d, !form.formState.isDirty);
      setAsking(null);
      toast('success', d.config.maintenance ? t('maintenance.switchedOn') : t('maintenance.switchedOff'));
    },
    onError: (e) => toast('error', errorText(t, e)),
  });

  const reload = useMutation({
    mutationFn: () => qc.fetchQuery({ ...brandQuery(), staleTime: 0 }),
    onSuccess: (d) => {
      adopt(d, true);
      setConflict(false);
      setServerError('');
    },
    onError: (e) => toast('error', errorText(t, e)),
  });

  const onInvalid = (errors: FieldErrors<BrandForm>) => {
    const first = TABS.find((tb) => Object.keys(errors).some((k) => TAB_OF[k as keyof BrandForm] === tb));
    if (first) setTab(first);
    toast('error', t('invalid'));
  };

  const dirty = form.formState.isDirty;
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const state = maintenanceAt(base.config);
  const panel: Record<Tab, React.ReactNode> = {
    general: <General disabled={disabled} />,
    languages: <Languages disabled={disabled} />,
    switches: <Switches disabled={disabled} />,
    registration: <Registration disabled={disabled} />,
    maintenance: <Maintenance config={base.config} disabled={disabled} onSwitch={(on) => setAsking({ kind: 'maintenance', on })} />,
    region: <Region disabled={disabled} />,
    resources: <Resources disabled={disabled} />,
    service: <Service disabled={disabled} />,
    cdn: <Cdns disabled={disabled} />,
    theme: <ThemeTab disabled={disabled} brandName={form.getValues('brandName') || base.config.brandName} />,
    ops: <OpsSettings disabled={disabled} currency={base.config.currency?.code ?? ''} />,
    advanced: <Advanced disabled={disabled} />,
  };

  return (
    <FormProvider {...form}>
      <form noValidate aria-label={t('title')} onSubmit={form.handleSubmit(() => setAsking({ kind: 'save' }), onInvalid)}>
        <div className={s.bar}>
          <span className={[s.badge, state.on ? s.badgeOn : s.badgeOff].join(' ')}>{state.on ? t('maintenance.on') : t('maintenance.off')}</span>
          <span className={s.version}>{t('version', { version: formatDateTime(base.version) })}</span>
          <span className={s.dirty} aria-live="polite">
            {dirty ? t('unsaved') : canWrite ? '' : t('readOnly')}
          </span>
          {canWrite && (
            <>
              <Button variant="ghost" disabled={!dirty} onClick={() => form.reset(toForm(base.config))}>
                {t('discard')}
              </Button>
              <Button type="submit" disabled={!dirty} loading={save.isPending}>
                {t('save')}
              </Button>
            </>
          )}
        </div>
        {serverError && (
          <div className={s.serverError} role="alert">
            <strong>{t('refused')}</strong> {serverError}
          </div>
        )}
        <Tabs tabs={TABS.map((k) => ({ key: k, label: t(`tabs.${k}`) }))} value={tab} onChange={(k) => setTab(k as Tab)} label={t('sections')} orientation="vertical" className={s.tabs} panelClassName={s.panel}>
          {panel[tab]}
        </Tabs>
      </form>
      <ReasonDialog
        open={asking !== null}
        title={asking?.kind === 'maintenance' ? (asking.on ? t('maintenance.confirmOn') : t('maintenance.confirmOff')) : t('confirmSave')}
        busy={save.isPending || maint.isPending}
        onClose={() => setAsking(null)}
        onConfirm={(reason) => {
          if (asking?.kind === 'maintenance') maint.mutate({ on: asking.on, reason });
          else save.mutate({ values: form.getValues(), reason });
        }}
      />
      <Dialog
        open={conflict}
        onClose={() => setConflict(false)}
        title={t('conflictTitle')}
        description={t('conflictText')}
        closeLabel={t('close')}
        alert
        footer={
          <>
            <Button variant="ghost" onClick={() => setConflict(false)}>
              {t('keepEditing')}
            </Button>
            <Button loading={reload.isPending} onClick={() => reload.mutate()}>
              {t('reload')}
            </Button>
          </>
        }
      />
    </FormProvider>
  );
}

function ReasonDialog({ open, title, busy, onClose, onConfirm }: { open: boolean; title: string; busy: boolean; onClose: () => void; onConfirm: (reason: string) => void }) {
  const { t } = useTranslation('console-brand');
  const form = useForm<{ reason: string }>({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } });
  useEffect(() => {
    if (open) form.reset({ reason: '' });
  }, [open, form]);
  const err = form.formState.errors.reason?.message;
  return (
    <Dialog open={open} onClose={onClose} title={title} closeLabel={t('close')} size="sm">
      <form noValidate className={s.stack} onSubmit={form.handleSubmit((v) => onConfirm(v.reason.trim()))}>
        <TextField label={t('reason')} hint={t('reasonHint')} autoFocus error={err && t(err)} {...form.register('reason')} />
        <div className={s.dialogButtons}>
          <Button variant="ghost" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
