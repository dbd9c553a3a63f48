// The edit dialogs: a vendor in one category, a game, an in-house game's
// settings, and a reorder's reason. Each sends only what changed with the
// reason the server requires, and shows saving, success and the server's
// error (the dialog stays open with what was typed).
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, SelectField, TextField, useToast } from '@palaro/ui';
import { formatMinor } from '@palaro/api/src/money';
import { errorText } from '@/lib/errors';
import { z } from '@/lib/zod';
import {
  gameDefaults,
  gamePatch,
  gameSchema,
  inhouseDefaults,
  inhousePatch,
  inhouseSchema,
  vendorDefaults,
  vendorPatch,
  vendorSchema,
  type GameForm,
  type InhouseForm,
  type VendorForm,
} from '../api/forms';
import { patchGame, patchInhouse, patchVendor, SUB_CATEGORIES, type InhouseGame, type OpsGame, type OpsVendor } from '../api/games';
import { Check } from './Parts';
import s from './Games.module.css';

function useSave<P>(send: (p: P) => Promise<unknown>, done: () => void) {
  const qc = useQueryClient();
  const { toast } = useToast();
  const { t } = useTranslation('console-games');
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['ops', 'games'] });
      toast('success', t('saved'));
      done();
    },
  });
}

function Frame({ open, title, description, onClose, formId, pending, children }: { open: boolean; title: string; description?: string; onClose: () => void; formId: string; pending: boolean; children: ReactNode }) {
  const { t } = useTranslation('console-games');
  const { t: tc } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      closeLabel={tc('common.close')}
      size="md"
      footer={
        <div className={s.footer}>
          <Button variant="ghost" onClick={onClose} disabled={pending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {t('save')}
          </Button>
        </div>
      }
    >
      {children}
    </Dialog>
  );
}

function ServerError({ error }: { error: unknown }) {
  const { t } = useTranslation('console-games');
  if (!error) return null;
  return (
    <p className={s.formError} role="alert">
      {errorText(t, error)}
    </p>
  );
}

function WindowFields({ register, fromError, toError }: { register: (n: 'from' | 'to') => object; fromError?: string; toError?: string }) {
  const { t } = useTranslation('console-games');
  return (
    <>
      <p className={s.legend}>{t('field.window')}</p>
      <TextField type="datetime-local" label={t('field.from')} error={fromError} {...register('from')} />
      <TextField type="datetime-local" label={t('field.to')} error={toError} hint={t('field.windowHint')} {...register('to')} />
    </>
  );
}

export function VendorDialog({ vendor, onClose }: { vendor: OpsVendor; onClose: () => void }) {
  const { t } = useTranslation('console-games');
  const id = useId();
  const [nothing, setNothing] = useState(false);
  const form = useForm<VendorForm>({ resolver: zodResolver(vendorSchema(vendor.maintenanceWindow)), defaultValues: vendorDefaults(vendor) });
  const save = useSave((p: Parameters<typeof patchVendor>[1]) => patchVendor(vendor, p), onClose);
  const e = form.formState.errors;
  const msg = (m?: string) => (m ? t(m) : undefined);
  return (
    <Frame open onClose={onClose} title={t('vendor.edit', { name: vendor.displayName })} description={`${vendor.code} · ${t(`category.${vendor.gameType}`, { defaultValue: vendor.gameType })}`} formId={id} pending={save.isPending}>
      <form
        id={id}
        className={s.form}
        noValidate
        onSubmit={form.handleSubmit((f) => {
          const p = vendorPatch(vendor, f);
          setNothing(!p);
          if (p) save.mutate(p);
        })}
      >
        <TextField className={s.full} label={t('field.displayName')} error={msg(e.displayName?.message)} {...form.register('displayName')} />
        <div className={s.checks}>
          <Check label={t('field.on')} {...form.register('on')} />
          <Check label={t('field.maintenance')} {...form.register('maintenance')} />
          <Check label={t('field.new')} {...form.register('isNew')} />
        </div>
        <WindowFields register={(n) => form.register(n)} fromError={msg(e.from?.message)} toError={msg(e.to?.message)} />
        <TextField label={t('field.sort')} inputMode="numeric" hint={t('field.sortHint')} error={msg(e.sort?.message)} {...form.register('sort')} />
        <TextField className={s.full} label={t('field.reason')} error={msg(e.reason?.message)} {...form.register('reason')} />
        {nothing && <p className={s.formError} role="alert">{t('form.nothing')}</p>}
        <ServerError error={save.error} />
      </form>
    </Frame>
  );
}

export function GameDialog({ game, onClose }: { game: OpsGame; onClose: () => void }) {
  const { t } = useTranslation('console-games');
  const id = useId();
  const [nothing, setNothing] = useState(false);
  const form = useForm<GameForm>({ resolver: zodResolver(gameSchema(game.maintenanceWindow)), defaultValues: gameDefaults(game) });
  const save = useSave((p: Parameters<typeof patchGame>[1]) => patchGame(game.nodeId, p), onClose);
  const e = form.formState.errors;
  const msg = (m?: string) => (m ? t(m) : undefined);
  return (
    <Frame open onClose={onClose} title={t('game.edit', { name: game.name })} description={`${game.gameCode} · ${game.vendor}`} formId={id} pending={save.isPending}>
      <form
        id={id}
        className={s.form}
        noValidate
        onSubmit={form.handleSubmit((f) => {
          const p = gamePatch(game, f);
          setNothing(!p);
          if (p) save.mutate(p);
        })}
      >
        <div className={s.checks}>
          <Check label={t('field.on')} {...form.register('on')} />
          <Check label={t('field.maintenance')} {...form.register('maintenance')} />
          <Check label={t('field.hot')} {...form.register('isHot')} />
          <Check label={t('field.new')} {...form.register('isNew')} />
        </div>
        <WindowFields register={(n) => form.register(n)} fromError={msg(e.from?.message)} toError={msg(e.to?.message)} />
        <SelectField label={t('field.subCategory')} error={msg(e.subCategory?.message)} {...form.register('subCategory')}>
          <option value="">{t('sub.none')}</option>
          {SUB_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`sub.${c}`)}
            </option>
          ))}
        </SelectField>
        <TextField label={t('field.sort')} inputMode="numeric" hint={t('field.sortHint')} error={msg(e.sort?.message)} {...form.register('sort')} />
        <TextField className={s.full} label={t('field.reason')} error={msg(e.reason?.message)} {...form.register('reason')} />
        {nothing && <p className={s.formError} role="alert">{t('form.nothing')}</p>}
        <ServerError error={save.error} />
      </form>
    </Frame>
  );
}

export function InhouseDialog({ game, currency, decimals, profiles, onClose }: { game: InhouseGame; currency: string; decimals: number; profiles: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation('console-games');
  const id = useId();
  const [nothing, setNothing] = useState(false);
  const isSlot = game.slotProfile !== undefined && game.slotProfile !== '';
  const form = useForm<InhouseForm>({ resolver: zodResolver(inhouseSchema(decimals, profiles, isSlot)), defaultValues: inhouseDefaults(game, decimals) });
  const save = useSave((p: Parameters<typeof patchInhouse>[1]) => patchInhouse(game.game, p), onClose);
  const e = form.formState.errors;
  const msg = (m?: string, o?: Record<string, string>) => (m ? t(m, o) : undefined);
  return (
    <Frame open onClose={onClose} title={t('inhouse.edit', { name: game.name })} description={t('inhouse.nextRound')} formId={id} pending={save.isPending}>
      <form
        id={id}
        className={s.form}
        noValidate
        onSubmit={form.handleSubmit((f) => {
          const p = inhousePatch(game, f, decimals);
          setNothing(!p);
          if (p) save.mutate(p);
        })}
      >
        <TextField label={t('field.minBet', { currency })} inputMode="decimal" error={msg(e.minBet?.message, { max: formatMinor(100_000_000_000, decimals) })} {...form.register('minBet')} />
        <TextField label={t('field.maxBet', { currency })} inputMode="decimal" error={msg(e.maxBet?.message, { max: formatMinor(100_000_000_000, decimals) })} {...form.register('maxBet')} />
        <TextField label={t('field.share')} inputMode="decimal" hint={t('field.shareHint')} error={msg(e.share?.message)} {...form.register('share')} />
        {isSlot && (
          <SelectField label={t('field.profile')} hint={t('field.profileHint')} error={msg(e.slotProfile?.message)} {...form.register('slotProfile')}>
            {profiles.map((p) => (
              <option key={p} value={p}>
                {t('inhouse.profile', { rtp: p })}
              </option>
            ))}
          </SelectField>
        )}
        <TextField className={s.full} label={t('field.reason')} error={msg(e.reason?.message)} {...form.register('reason')} />
        {nothing && <p className={s.formError} role="alert">{t('form.nothing')}</p>}
        <ServerError error={save.error} />
      </form>
    </Frame>
  );
}

const reasonSchema = z.object({ reason: z.string().trim().min(3, 'form.reason').max(200, 'form.reason') });

/** Asks the reason of a change that has no form of its own (a reorder), then runs it. */
export function ReasonDialog({ title, description, run, onClose }: { title: string; description?: string; run: (reason: string) => Promise<unknown>; onClose: () => void }) {
  const { t } = useTranslation('console-games');
  const id = useId();
  const form = useForm<{ reason: string }>({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } });
  const save = useSave((reason: string) => run(reason), onClose);
  const e = form.formState.errors;
  return (
    <Frame open onClose={onClose} title={title} description={description} formId={id} pending={save.isPending}>
      <form id={id} className={s.form} noValidate onSubmit={form.handleSubmit((f) => save.mutate(f.reason.trim()))}>
        <TextField className={s.full} label={t('field.reason')} error={e.reason?.message && t(e.reason.message)} data-autofocus {...form.register('reason')} />
        <ServerError error={save.error} />
      </form>
    </Frame>
  );
}
