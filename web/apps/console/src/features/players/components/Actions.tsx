// The actions on a player, each behind a reason: lock or unlock, log out
// everywhere, reset the password (the one-time password shown once), adjust
// the balance. Each is shown only with its permission; each refreshes the
// page's data when it succeeds.
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Copy, KeyRound, Lock, LogOut, Scale, Unlock } from 'lucide-react';
import { Button, Dialog, useToast } from '@palaro/ui';
import { playerAction, playerKey, type Detail, type ResetAnswer } from '../api/players';
import { AdjustDialog } from './AdjustDialog';
import { NS, ReasonDialog } from './shared';
import s from './Players.module.css';

type Open = null | 'lock' | 'unlock' | 'logout' | 'reset-password' | 'adjust';

export function Actions({ detail, permissions }: { detail: Detail; permissions: readonly string[] }) {
  const { t } = useTranslation(NS);
  const { toast } = useToast();
  const qc = useQueryClient();
  const [open, setOpen] = useState<Open>(null);
  const [password, setPassword] = useState<string | null>(null);
  const id = detail.player.id;
  const canWrite = permissions.includes('players.write');
  const canAdjust = permissions.includes('ledger.adjust') && !detail.flags.trial;
  const locked = detail.flags.locked;
  const refresh = () => qc.invalidateQueries({ queryKey: playerKey(id) });

  if (!canWrite && !canAdjust) return null;

  const run = (action: 'lock' | 'unlock' | 'logout' | 'reset-password') => async (reason: string) => {
    const v = await playerAction<{ sessionsEnded?: number } & Partial<ResetAnswer>>(id, action, reason);
    setOpen(null);
    if (action === 'reset-password' && v.password) setPassword(v.password);
    else toast('success', t(`actions.${action}.done`, { n: v.sessionsEnded ?? 0, name: detail.player.username }));
    await refresh();
  };

  return (
    <div className={s.actions} role="group" aria-label={t('actions.label')}>
      {canWrite &&
        (locked ? (
          <Button variant="secondary" size="sm" icon={<Unlock size={16} aria-hidden="true" />} onClick={() => setOpen('unlock')}>
            {t('actions.unlock.button')}
          </Button>
        ) : (
          <Button variant="secondary" size="sm" icon={<Lock size={16} aria-hidden="true" />} onClick={() => setOpen('lock')}>
            {t('actions.lock.button')}
          </Button>
        ))}
      {canWrite && (
        <Button variant="secondary" size="sm" icon={<LogOut size={16} aria-hidden="true" />} onClick={() => setOpen('logout')}>
          {t('actions.logout.button')}
        </Button>
      )}
      {canWrite && !detail.flags.trial && (
        <Button variant="secondary" size="sm" icon={<KeyRound size={16} aria-hidden="true" />} onClick={() => setOpen('reset-password')}>
          {t('actions.reset-password.button')}
        </Button>
      )}
      {canAdjust && (
        <Button variant="secondary" size="sm" icon={<Scale size={16} aria-hidden="true" />} onClick={() => setOpen('adjust')}>
          {t('adjust.button')}
        </Button>
      )}
      {(['lock', 'unlock', 'logout', 'reset-password'] as const).map((a) => (
        <ReasonDialog
          key={a}
          open={open === a}
          title={t(`actions.${a}.title`, { name: detail.player.username })}
          description={t(`actions.${a}.description`)}
          confirm={t(`actions.${a}.confirm`)}
          onClose={() => setOpen(null)}
          onSubmit={run(a)}
        />
      ))}
      <AdjustDialog
        open={open === 'adjust'}
        memberId={id}
        username={detail.player.username}
        decimals={detail.balances.decimals}
        currency={detail.balances.currency}
        onClose={() => setOpen(null)}
        onDone={refresh}
      />
      <PasswordDialog password={password} onClose={() => setPassword(null)} />
    </div>
  );
}

/** The one-time password, shown once with a copy button. */
function PasswordDialog({ password, onClose }: { password: string | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { toast } = useToast();
  const ref = useRef<HTMLButtonElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password ?? '');
      toast('success', t('actions.reset-password.copied'));
    } catch {
      toast('error', t('actions.reset-password.copyFailed'));
    }
  };
  return (
    <Dialog
      open={password !== null}
      onClose={onClose}
      title={t('actions.reset-password.shownTitle')}
      description={t('actions.reset-password.shownOnce')}
      closeLabel={t('common.close')}
      size="sm"
      initialFocusRef={ref}
      footer={
        <div className={s.dialogButtons}>
          <Button onClick={onClose}>{t('common.done')}</Button>
        </div>
      }
    >
      <div className={s.password}>
        <code data-testid="one-time-password">{password}</code>
        <Button ref={ref} variant="secondary" size="sm" icon={<Copy size={16} aria-hidden="true" />} onClick={copy}>
          {t('actions.reset-password.copy')}
        </Button>
      </div>
    </Dialog>
  );
}
