// The fairness panel: the commitment (hash) of the current server seed, the
// client seed (editable), the nonce; rotating reveals the previous server seed
// and starts a new pair with the chosen client seed.
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Check, Copy, Dices, RefreshCw } from 'lucide-react';
import { Button, IconButton, Skeleton } from '@/components/ui';
import { SubmissionKeys } from '@/lib/idempotency';
import { isValidClientSeed, randomClientSeed, rotateSeeds, seedsQuery, type Seeds } from '../api';
import s from './Seeds.module.css';

export function SeedsPanel({ token, onError }: { token: string; onError: (e: unknown) => void }) {
  const { t } = useTranslation('originals');
  const qc = useQueryClient();
  const seeds = useQuery(seedsQuery(token));
  const [clientSeed, setClientSeed] = useState(() => randomClientSeed());
  const [keys] = useState(() => new SubmissionKeys());
  const [revealed, setRevealed] = useState<Seeds['previous']>(null);
  const id = useId();
  const valid = isValidClientSeed(clientSeed);
  const rotate = useMutation({
    mutationFn: () => rotateSeeds(clientSeed, keys.keyFor({ clientSeed })),
    retry: false,
    onSuccess: (v) => {
      keys.done();
      qc.setQueryData(seedsQuery(token).queryKey, v);
      void qc.invalidateQueries({ queryKey: ['originals', 'rounds'] });
      setRevealed(v.previous);
      setClientSeed(randomClientSeed());
    },
    onError: (e) => {
      if ((e as { status?: number }).status) keys.done();
      onError(e);
    },
  });

  if (seeds.isPending) return <Skeleton height={220} />;
  if (seeds.isError || !seeds.data) return <p role="alert">{t('seeds.loadFailed')}</p>;
  const cur = seeds.data;
  const previous = revealed ?? cur.previous;
  return (
    <div className={s.panel} data-testid="seeds-body">
      <p className={s.intro}>{t('seeds.intro')}</p>
      <section className={s.group} aria-labelledby={`${id}-cur`}>
        <h3 id={`${id}-cur`} className={s.heading}>
          {t('seeds.current')}
        </h3>
        <CopyRow label={t('seeds.serverSeedHash')} value={cur.serverSeedHash} testId="seeds-hash" />
        <CopyRow label={t('seeds.clientSeed')} value={cur.clientSeed} testId="seeds-client" />
        <CopyRow label={t('seeds.nonce')} value={String(cur.nonce)} testId="seeds-nonce" />
      </section>
      <section className={s.group} aria-labelledby={`${id}-rot`}>
        <h3 id={`${id}-rot`} className={s.heading}>
          {t('seeds.rotateTitle')}
        </h3>
        <label className={s.label} htmlFor={`${id}-seed`}>
          {t('seeds.newClientSeed')}
        </label>
        <div className={s.row}>
          <input
            id={`${id}-seed`}
            className={s.input}
            value={clientSeed}
            maxLength={64}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={!valid || undefined}
            aria-describedby={`${id}-seed-hint`}
            onChange={(e) => setClientSeed(e.target.value)}
            data-testid="seeds-new-client"
          />
          <IconButton label={t('seeds.randomSeed')} icon={<Dices size={18} aria-hidden="true" />} onClick={() => setClientSeed(randomClientSeed())} variant="surface" />
        </div>
        <p id={`${id}-seed-hint`} className={s.hint} data-invalid={!valid || undefined}>
          {valid ? t('seeds.clientSeedRule') : t('errors.fair.bad_client_seed')}
        </p>
        <Button icon={<RefreshCw size={16} aria-hidden="true" />} onClick={() => rotate.mutate()} disabled={!valid} loading={rotate.isPending} data-testid="seeds-rotate">
          {t('seeds.rotate')}
        </Button>
      </section>
      {previous && (
        <section className={s.group} aria-labelledby={`${id}-prev`} data-testid="seeds-previous">
          <h3 id={`${id}-prev`} className={s.heading}>
            {t('seeds.previous')}
          </h3>
          <CopyRow label={t('seeds.serverSeed')} value={previous.serverSeed} testId="seeds-prev-server" />
          <CopyRow label={t('seeds.serverSeedHash')} value={previous.serverSeedHash} />
          <CopyRow label={t('seeds.clientSeed')} value={previous.clientSeed} />
          <CopyRow label={t('seeds.nonceUsed')} value={String(previous.nonce)} />
        </section>
      )}
    </div>
  );
}

export function CopyRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation('originals');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      /* no clipboard permission: the value is selectable */
    }
  };
  return (
    <div className={s.copyRow}>
      <span className={s.copyLabel}>{label}</span>
      <code className={s.value} data-testid={testId}>
        {value}
      </code>
      <IconButton
        label={copied ? t('seeds.copied') : t('seeds.copy', { what: label })}
        icon={copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
        onClick={() => void copy()}
        size="sm"
      />
    </div>
  );
}
