// One contract: its parties, dates and terms (tier thresholds as money in
// the brand currency, rates as percentages). The platform's own contracts
// end here (commission.write), after a confirmation.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CircleStop } from 'lucide-react';
import { Button, Dialog, useToast } from '@palaro/ui';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { commissionKeys, terminateContract, type Contract } from '../api/commission';
import { formatRate } from '../api/schema';
import { Badge, Money, NS } from './shared';
import s from './Agents.module.css';

export function ContractDialog(p: { contract: Contract | null; decimals: number; currency: string; canWrite: boolean; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { toast } = useToast();
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const c = p.contract;
  const end = useMutation({
    mutationFn: (id: number) => terminateContract(id),
    onSuccess: (done) => {
      void qc.invalidateQueries({ queryKey: commissionKeys.all });
      toast('success', t('contracts.terminated', { id: done.id }));
      setConfirming(false);
      p.onClose();
    },
  });
  const close = () => {
    end.reset();
    setConfirming(false);
    p.onClose();
  };
  const endable = !!c && p.canWrite && c.uplineId === 0 && (c.status === 'active' || c.status === 'pending');
  const platform = t('common.platform');
  const type = c ? t(`contractTypes.${c.type}`, { defaultValue: c.type }) : '';
  return (
    <>
      <Dialog
        open={c !== null && !confirming}
        onClose={close}
        title={c ? t('contracts.detailTitle', { id: c.id, type }) : ''}
        closeLabel={t('common.close')}
        size="lg"
        footer={
          <div className={s.dialogButtons}>
            {endable && (
              <Button variant="danger" icon={<CircleStop size={16} aria-hidden="true" />} onClick={() => setConfirming(true)}>
                {c.status === 'pending' ? t('contracts.withdraw') : t('contracts.terminate')}
              </Button>
            )}
            <Button variant="ghost" onClick={close}>
              {t('common.close')}
            </Button>
          </div>
        }
      >
        {c && (
          <>
            <dl className={s.meta}>
              <dt>{t('contracts.detail.downline')}</dt>
              <dd>{c.downlineAccount}</dd>
              <dt>{t('contracts.detail.upline')}</dt>
              <dd>{c.uplineId === 0 ? platform : c.uplineAccount}</dd>
              <dt>{t('contracts.detail.period')}</dt>
              <dd>{t(`periods.${c.period}`, { defaultValue: c.period })}</dd>
              <dt>{t('contracts.detail.status')}</dt>
              <dd>
                <Badge group="contractStatus" value={c.status} /> {c.endReason && t(`endReasons.${c.endReason}`, { defaultValue: c.endReason })}
              </dd>
              <dt>{t('contracts.detail.offeredAt')}</dt>
              <dd>{formatDateTime(c.offeredAt)}</dd>
              {c.decidedAt > 0 && (
                <>
                  <dt>{t('contracts.detail.decidedAt')}</dt>
                  <dd>{formatDateTime(c.decidedAt)}</dd>
                </>
              )}
              {c.endedAt > 0 && (
                <>
                  <dt>{t('contracts.detail.endedAt')}</dt>
                  <dd>{formatDateTime(c.endedAt)}</dd>
                </>
              )}
              {c.replacesId > 0 && (
                <>
                  <dt>{t('contracts.detail.replaces')}</dt>
                  <dd>{t('contracts.detail.replacesId', { id: c.replacesId })}</dd>
                </>
              )}
            </dl>
            <h3 className={s.subTitle}>{t('contracts.detail.terms')}</h3>
            {c.realtime ? (
              <dl className={s.meta}>
                <dt>{t('contracts.detail.betRate')}</dt>
                <dd>{formatRate(c.realtime.betRate)}</dd>
                <dt>{t('contracts.detail.lossRate')}</dt>
                <dd>{formatRate(c.realtime.lossRate)}</dd>
                <dt>{t('contracts.detail.winRate')}</dt>
                <dd>{formatRate(c.realtime.winRate)}</dd>
              </dl>
            ) : (
              <table className={s.terms}>
                <caption className="sr-only">{t('contracts.detail.tiersCaption', { id: c.id })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('contracts.detail.tier')}</th>
                    <th scope="col">{t('contracts.detail.validBets', { currency: p.currency })}</th>
                    {c.type === 'dividend' && <th scope="col">{t('contracts.detail.netLoss', { currency: p.currency })}</th>}
                    <th scope="col">{t('contracts.detail.activeMembers')}</th>
                    <th scope="col">{t('contracts.detail.rate')}</th>
                  </tr>
                </thead>
                <tbody>
                  {(c.tiers ?? []).map((tier, i) => (
                    <tr key={i}>
                      <th scope="row">{t('contracts.detail.tierN', { n: i + 1 })}</th>
                      <td>
                        <Money minor={tier.validBets} decimals={p.decimals} />
                      </td>
                      {c.type === 'dividend' && (
                        <td>
                          <Money minor={tier.netLoss} decimals={p.decimals} />
                        </td>
                      )}
                      <td>{tier.activeMembers.toLocaleString()}</td>
                      <td>{formatRate(tier.rate)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </Dialog>
      <Dialog
        open={confirming && c !== null}
        onClose={() => setConfirming(false)}
        alert
        title={c ? (c.status === 'pending' ? t('contracts.withdrawTitle', { id: c.id }) : t('contracts.terminateTitle', { id: c.id })) : ''}
        description={c ? t('contracts.terminateBody', { type, account: c.downlineAccount }) : ''}
        closeLabel={t('common.close')}
        size="sm"
        footer={
          <div className={s.dialogButtons}>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button variant="danger" loading={end.isPending} onClick={() => c && end.mutate(c.id)}>
              {c?.status === 'pending' ? t('contracts.withdraw') : t('contracts.terminate')}
            </Button>
          </div>
        }
      >
        {end.isError && (
          <p role="alert" className={s.formError}>
            {errorText(t, end.error)}
          </p>
        )}
      </Dialog>
    </>
  );
}
