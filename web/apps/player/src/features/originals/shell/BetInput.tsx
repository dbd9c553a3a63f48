// The bet amount field with ½ / 2× / min / max. Amounts are minor units; the
// text is parsed without floats and checked against the game's limits.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGameShell } from './context';
import { adjustBet, amountText, parseAmount } from './money';
import s from './Layout.module.css';

export type BetInputProps = {
  value: number;
  onChange: (minor: number) => void;
  disabled?: boolean;
};

/** The bet's problem, if any: an originals:bet.* key. */
export function betProblem(v: number | null, limits: { minBet: number; maxBet: number }, balance?: number): string | null {
  if (v === null || v <= 0) return 'bet.invalid';
  if (v < limits.minBet) return 'bet.belowMin';
  if (v > limits.maxBet) return 'bet.aboveMax';
  if (balance !== undefined && v > balance) return 'bet.insufficient';
  return null;
}

export function BetInput({ value, onChange, disabled }: BetInputProps) {
  const { t } = useTranslation('originals');
  const shell = useGameShell();
  const { limits, decimals, balance } = shell;
  const id = useId();
  const [text, setText] = useState(() => amountText(value, decimals));
  useEffect(() => {
    // Outside changes (½, 2×, a restored board) rewrite the text; typing does not fight it.
    if (parseAmount(text, decimals) !== value) setText(amountText(value, decimals));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, decimals]);
  const parsed = parseAmount(text, decimals);
  const problem = betProblem(parsed, limits, balance);
  const adjust = (kind: 'half' | 'double' | 'min' | 'max') => {
    shell.play('click');
    onChange(adjustBet(kind, value, limits, balance));
  };
  return (
    <div className={s.field}>
      <label htmlFor={id} className={s.label}>
        {t('bet.amount')} <span className={s.currency}>{shell.currency}</span>
      </label>
      <div className={s.betRow}>
        <input
          id={id}
          className={s.input}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          disabled={disabled}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-err` : undefined}
          data-testid="bet-amount"
          onChange={(e) => {
            setText(e.target.value);
            const v = parseAmount(e.target.value, decimals);
            if (v !== null) onChange(v);
          }}
          onBlur={() => setText(amountText(value, decimals))}
        />
        <div className={s.betButtons}>
          <button type="button" className={s.chip} disabled={disabled} onClick={() => adjust('half')} aria-label={t('bet.half')}>
            ½
          </button>
          <button type="button" className={s.chip} disabled={disabled} onClick={() => adjust('double')} aria-label={t('bet.double')}>
            2×
          </button>
          <button type="button" className={s.chip} disabled={disabled} onClick={() => adjust('min')}>
            {t('bet.min')}
          </button>
          <button type="button" className={s.chip} disabled={disabled} onClick={() => adjust('max')}>
            {t('bet.max')}
          </button>
        </div>
      </div>
      {problem && (
        <p id={`${id}-err`} className={s.hint} data-invalid="true">
          {t(problem, { min: shell.formatMoney(limits.minBet), max: shell.formatMoney(limits.maxBet) })}
        </p>
      )}
    </div>
  );
}
