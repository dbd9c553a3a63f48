// The info panel: what each symbol pays at the current bet, the wild and
// scatter rules, the 20 lines and the RTP profile the operator chose, all
// from GET /wps/inhouse/config (nothing hard-coded that the server decides).
import { useTranslation } from 'react-i18next';
import type { SlotConfig } from './model';
import { SymbolArt } from './SymbolArt';
import { LineDiagram } from './WinLines';
import s from './slot.module.css';

/** What `pay` (line bets in 1/10000) is worth at total bet `amount`: floor(amount * pay / lines / 10000). */
export function payAt(amount: number, pay: number, lines: number): number {
  if (!(amount > 0) || !(pay > 0) || !(lines > 0)) return 0;
  return Number((BigInt(Math.trunc(amount)) * BigInt(Math.trunc(pay))) / BigInt(lines * 10000));
}

/** "×50" for 50 line bets (pay in 1/10000), trimmed decimals. */
export function timesLineBet(pay: number): string {
  const whole = Math.floor(pay / 10000);
  const frac = pay % 10000;
  return `×${whole}${frac ? '.' + String(frac).padStart(4, '0').replace(/0+$/, '') : ''}`;
}

export function Paytable({ config, amount, formatMoney }: { config: SlotConfig; amount: number; formatMoney: (m: number) => string }) {
  const { t } = useTranslation('slotcrash');
  const lines = config.paylines.length;
  const paying = config.symbols.filter((name) => name !== 'SCATTER' && config.paytable[name]?.some((v) => v > 0));
  const scatterRow = config.paytable.SCATTER;
  const awards = config.freeSpinAwards
    .map((n, count) => ({ count, n }))
    .filter((a) => a.n > 0)
    .map((a) => t('slot.pays.awardRow', { count: a.count, spins: a.n }))
    .join(' · ');
  return (
    <div className={s.pays} data-testid="slot-paytable">
      <div className={s.facts}>
        <div className={s.fact}>
          <span>{t('slot.pays.rtp')}</span>
          <strong data-testid="slot-rtp">{t('slot.pays.rtpValue', { rtp: config.rtp ? (config.rtp / 100).toFixed(2) : config.profile })}</strong>
        </div>
        <div className={s.fact}>
          <span>{t('slot.pays.lines')}</span>
          <strong>{lines}</strong>
        </div>
        <div className={s.fact}>
          <span>{t('slot.pays.lineBet')}</span>
          <strong>{formatMoney(Math.floor(amount / lines))}</strong>
        </div>
        <div className={s.fact}>
          <span>{t('slot.pays.freeMultiplier')}</span>
          <strong>×{config.freeGameMultiplier}</strong>
        </div>
      </div>
      <p className={s.paysIntro}>{t('slot.pays.intro', { lines })}</p>

      <section>
        <h3 className={s.sectionTitle}>{t('slot.pays.special')}</h3>
        <div className={s.rules}>
          <div className={s.rule}>
            <SymbolArt name="WILD" />
            <div>
              <h4>{t('slot.sym.WILD')}</h4>
              <p>{t('slot.pays.wildRule')}</p>
            </div>
          </div>
          <div className={s.rule}>
            <SymbolArt name="SCATTER" />
            <div>
              <h4>{t('slot.sym.SCATTER')}</h4>
              <p>{t('slot.pays.scatterRule', { multiplier: config.freeGameMultiplier })}</p>
              <p>{awards}</p>
              {scatterRow && (
                <dl className={s.payRows}>
                  {[5, 4, 3].map((n) =>
                    scatterRow[n] > 0 ? (
                      <Row key={n} label={`${n}×`} value={formatMoney(payAt(amount, scatterRow[n], lines))} />
                    ) : null,
                  )}
                </dl>
              )}
            </div>
          </div>
        </div>
      </section>

      <section>
        <h3 className={s.sectionTitle}>{t('slot.pays.symbols')}</h3>
        <div className={s.payGrid}>
          {paying.map((name) => {
            const row = config.paytable[name];
            return (
              <div key={name} className={s.payCard} data-symbol={name}>
                <SymbolArt name={name} />
                <div>
                  <div className={s.payName}>{t(`slot.sym.${name}`, { defaultValue: name })}</div>
                  <dl className={s.payRows}>
                    {[5, 4, 3].map((n) =>
                      row[n] > 0 ? <Row key={n} label={`${n}×`} value={formatMoney(payAt(amount, row[n], lines))} title={timesLineBet(row[n])} /> : null,
                    )}
                  </dl>
                </div>
              </div>
            );
          })}
        </div>
      </section>

      <section>
        <h3 className={s.sectionTitle}>{t('slot.pays.paylines', { lines })}</h3>
        <div className={s.lineGrid}>
          {config.paylines.map((rows, i) => (
            <div key={i} className={s.lineCard}>
              <LineDiagram rows={rows} line={i} />
              <span>{t('slot.pays.line', { n: i + 1 })}</span>
            </div>
          ))}
        </div>
      </section>
      <p className={s.paysIntro}>{t('slot.pays.fairness')}</p>
    </div>
  );
}

function Row({ label, value, title }: { label: string; value: string; title?: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd title={title}>{value}</dd>
    </>
  );
}
