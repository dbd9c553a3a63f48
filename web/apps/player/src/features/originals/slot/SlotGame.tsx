// Palaro Parol Spins: the game screen. The flow of a round (spin, present,
// free spins one request at a time, resume after a reload) lives in
// useSlotRound; this file lays out the machine and the controls.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Info, Square } from 'lucide-react';
import { Dialog } from '@/components/ui';
import { BetInput, GameLayout, layoutStyles as ls, useGameShell } from '../shell';
import { DEFAULT_SYMBOLS, normaliseConfig, type SlotConfigRaw } from './model';
import { Paytable } from './Paytable';
import { Reels } from './Reels';
import { SymbolArt, SymbolSprite } from './SymbolArt';
import { useSlotRound } from './useSlotRound';
import { WinLines } from './WinLines';
import { lineColour } from './geometry';
import s from './slot.module.css';

const AUTO_CHOICES = [0, 10, 25, 50, 100];

/** The first window before any spin: a friendly, non-winning arrangement. */
const WELCOME: string[][] = [
  ['A', 'JEEPNEY', 'K'],
  ['SAMPAGUITA', 'WILD', 'Q'],
  ['J', 'CARABAO', '10'],
  ['K', 'SCATTER', 'A'],
  ['Q', 'JEEPNEY', 'J'],
];

export function defaultBet(limits: { minBet: number; maxBet: number }, balance?: number): number {
  const want = limits.minBet * 10;
  const cap = Math.min(limits.maxBet, balance !== undefined && balance >= limits.minBet ? balance : limits.maxBet);
  return Math.max(limits.minBet, Math.min(want, cap));
}

export function SlotGame() {
  const { t } = useTranslation('slotcrash', { useSuspense: true });
  const shell = useGameShell();
  const config = useMemo(() => normaliseConfig(shell.config.slot as SlotConfigRaw | undefined), [shell.config.slot]);
  const [amount, setAmount] = useState(() => defaultBet(shell.limits, shell.balance));
  const [showPays, setShowPays] = useState(false);
  const [autoChoice, setAutoChoice] = useState(0);
  const play = useSlotRound({ config, amount, welcome: WELCOME });
  const symbolLabel = useCallback((name: string) => t(`slot.sym.${name}`, { defaultValue: name }), [t]);

  // Space spins (or skips / slams the reels when something is running), except while typing or in a dialog.
  const action = useRef(play.primary);
  action.current = play.primary;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.code !== 'Space' && e.key !== ' ') return;
      const el = e.target instanceof Element ? e.target : null;
      if (el?.closest('input, textarea, select, [contenteditable="true"], button, a, [role="dialog"]') || document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      e.preventDefault();
      if (!e.repeat) action.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const spin = play.shown;
  const feature = play.feature;
  const caption = play.caption;
  const busy = play.busy;
  const canSpin = !!shell.token && !busy && amount >= shell.limits.minBet && amount <= shell.limits.maxBet && (shell.balance === undefined || amount <= shell.balance);

  const stage = (
    <div className={s.machine} data-testid="slot-machine" data-phase={play.phase}>
      <SymbolSprite />
      <div className={s.marquee}>
        <Bunting />
        <div className={s.logo}>
          <SymbolArt name="WILD" className={s.logoArt} />
          <span>{t('slot.title')}</span>
          <SymbolArt name="SCATTER" className={s.logoArt} />
        </div>
        <div className={s.bulbs} aria-hidden="true">
          {Array.from({ length: 18 }, (_, i) => (
            <i key={i} />
          ))}
        </div>
      </div>
      {feature.inFeature && (
        <div className={s.freeBanner} data-testid="slot-free-banner" aria-live="polite">
          <span>
            {t('slot.free.counter', { n: feature.played, total: feature.total })}
          </span>
          <span>×{config.freeGameMultiplier}</span>
          <span className={s.num}>{t('slot.free.won', { amount: shell.formatMoney(play.featureWin) })}</span>
        </div>
      )}
      <div className={s.frame}>
        <Reels
          ref={play.reelsRef}
          grid={spin}
          symbols={config.symbols.length ? config.symbols : DEFAULT_SYMBOLS}
          reducedMotion={shell.reducedMotion}
          highlight={play.highlight}
          onReelStop={play.onReelStop}
          label={symbolLabel}
        >
          <WinLines wins={play.litLines} paylines={config.paylines} />
          {play.overlay && <Overlay overlay={play.overlay} onContinue={play.primary} formatMoney={shell.formatMoney} multiplier={config.freeGameMultiplier} />}
        </Reels>
      </div>
      <div className={s.meter}>
        <div className={s.meterSide}>
          <span>{t('slot.bet')}</span>
          <strong>{shell.formatMoney(play.roundAmount ?? amount)}</strong>
        </div>
        <div className={s.win}>
          <span className={s.winLabel}>{t('slot.win')}</span>
          <span className={s.winValue} data-zero={play.winShown === 0 || undefined} data-testid="slot-win" aria-live="off">
            {shell.formatMoney(play.winShown)}
          </span>
        </div>
        <div className={s.meterSide}>
          <span>{t('slot.lines')}</span>
          <strong>{config.paylines.length}</strong>
        </div>
      </div>
      <div className={s.caption} data-testid="slot-caption">
        {caption && (
          <span>
            {caption.line !== undefined && <i className={s.swatch} style={{ background: lineColour(caption.line) }} aria-hidden="true" />}
            {caption.text}
          </span>
        )}
      </div>
      <p className="sr-only" aria-live="polite">
        {play.announcement}
      </p>
    </div>
  );

  const controls = (
    <>
      <BetInput value={amount} onChange={setAmount} disabled={busy || play.autoLeft > 0} />
      <p className={s.lineBet}>{t('slot.lineBetHint', { amount: shell.formatMoney(Math.floor(amount / config.paylines.length)), lines: config.paylines.length })}</p>
      <div className={s.spinRow}>
        {play.autoLeft > 0 ? (
          <button type="button" className={ls.play} data-variant="cashout" onClick={play.stopAuto} data-testid="slot-stop-auto">
            <Square size={16} aria-hidden="true" style={{ display: 'inline', verticalAlign: '-2px', marginInlineEnd: 6 }} />
            {t('slot.auto.stop', { n: play.autoLeft })}
          </button>
        ) : (
          <button
            type="button"
            className={ls.play}
            onClick={play.primary}
            disabled={!busy && !play.overlay && !canSpin && !play.canResume}
            data-testid="slot-spin"
            aria-keyshortcuts="Space"
          >
            {play.primaryLabel}
          </button>
        )}
        <button type="button" className={s.iconBtn} onClick={() => setShowPays(true)} aria-label={t('slot.info')} title={t('slot.info')} data-testid="slot-info">
          <Info size={22} aria-hidden="true" />
        </button>
      </div>
      <p className={s.keyHint}>
        <span className={s.kbd}>{t('slot.spaceKey')}</span> {t('slot.spaceHint')}
      </p>
      <div className={ls.field}>
        <span className={ls.label}>{t('slot.auto.title')}</span>
        <div className={s.autoRow} role="group" aria-label={t('slot.auto.title')}>
          {AUTO_CHOICES.map((n) => (
            <button
              key={n}
              type="button"
              className={ls.chip}
              aria-pressed={autoChoice === n}
              disabled={busy || play.autoLeft > 0}
              onClick={() => setAutoChoice(n)}
              data-testid={`slot-auto-${n}`}
            >
              {n === 0 ? t('slot.auto.off') : n}
            </button>
          ))}
        </div>
        {autoChoice > 0 && play.autoLeft === 0 && (
          <button type="button" className={ls.chip} disabled={!canSpin} onClick={() => play.startAuto(autoChoice)} data-testid="slot-auto-start">
            {t('slot.auto.start', { n: autoChoice })}
          </button>
        )}
      </div>
      <div className={ls.stats}>
        <div className={ls.stat}>
          <span className={ls.statLabel}>{t('slot.pays.rtp')}</span>
          <span className={ls.statValue}>{t('slot.pays.rtpValue', { rtp: config.profile })}</span>
        </div>
        <div className={ls.stat}>
          <span className={ls.statLabel}>{t('slot.lastWin')}</span>
          <span className={ls.statValue} data-testid="slot-last-win">
            {shell.formatMoney(play.lastRoundWin)}
          </span>
        </div>
      </div>
    </>
  );

  return (
    <>
      <GameLayout label={t('slot.title')} stage={stage} controls={controls} />
      <Dialog open={showPays} onClose={() => setShowPays(false)} title={t('slot.pays.title')} size="xl" data-testid="slot-paytable-dialog">
        <Paytable config={config} amount={amount} formatMoney={shell.formatMoney} />
      </Dialog>
    </>
  );
}

type OverlayProps = {
  overlay: NonNullable<ReturnType<typeof useSlotRound>['overlay']>;
  onContinue: () => void;
  formatMoney: (m: number) => string;
  multiplier: number;
};

function Overlay({ overlay, onContinue, formatMoney, multiplier }: OverlayProps) {
  const { t } = useTranslation('slotcrash');
  let title = '';
  let value: string | null = null;
  let text: string | null = null;
  let art: string | null = null;
  let button = t('slot.overlay.continue');
  switch (overlay.kind) {
    case 'trigger':
      art = 'SCATTER';
      title = overlay.retrigger ? t('slot.overlay.retrigger') : t('slot.overlay.freeSpins');
      value = t('slot.overlay.spins', { count: overlay.awarded });
      text = t('slot.overlay.freeText', { multiplier });
      button = t('slot.overlay.start');
      break;
    case 'summary':
      art = 'SCATTER';
      title = t('slot.overlay.featureWin');
      value = formatMoney(overlay.total);
      text = t('slot.overlay.summaryText', { count: overlay.spins });
      break;
    case 'bigwin':
      art = 'WILD';
      title = overlay.mega ? t('slot.overlay.megaWin') : t('slot.overlay.bigWin');
      value = formatMoney(overlay.amount);
      break;
    case 'jackpot':
      art = 'WILD';
      title = t('slot.overlay.jackpot');
      value = formatMoney(overlay.amount);
      break;
    case 'resume':
      art = 'SCATTER';
      title = t('slot.overlay.resumeTitle');
      value = t('slot.overlay.left', { n: overlay.left });
      text = t('slot.overlay.resumeText');
      button = t('slot.overlay.resume');
      break;
  }
  const festive = overlay.kind !== 'resume';
  return (
    <div className={s.overlay} role="dialog" aria-modal="false" aria-label={title} data-testid={`slot-overlay-${overlay.kind}`} onClick={onContinue}>
      {festive && <Confetti />}
      <div className={s.overlayCard}>
        {art && <SymbolArt name={art} className={s.overlayArt} />}
        <div className={s.overlayTitle}>{title}</div>
        {value && <div className={s.overlayValue}>{value}</div>}
        {text && <p className={s.overlayText}>{text}</p>}
        <button
          type="button"
          className={s.overlayButton}
          onClick={(e) => {
            e.stopPropagation();
            onContinue();
          }}
          data-testid="slot-overlay-continue"
        >
          {button}
        </button>
      </div>
    </div>
  );
}

const CONFETTI_COLOURS = ['#ffd86b', '#ff6b5a', '#1fc3a7', '#2f7de1', '#ffffff', '#9b5de5'];
function Confetti() {
  return (
    <div className={s.confetti} aria-hidden="true">
      {Array.from({ length: 24 }, (_, i) => (
        <i
          key={i}
          style={{
            left: `${(i * 37) % 100}%`,
            background: CONFETTI_COLOURS[i % CONFETTI_COLOURS.length],
            animationDelay: `${((i * 0.173) % 2.4).toFixed(2)}s`,
            animationDuration: `${(2 + ((i * 0.37) % 1.2)).toFixed(2)}s`,
          }}
        />
      ))}
    </div>
  );
}

/** Banderitas: the triangle flags strung over fiesta streets. */
function Bunting() {
  const flags = 24;
  const colours = ['#ff6b5a', '#ffd86b', '#1fc3a7', '#2f7de1', '#ffffff', '#9b5de5'];
  return (
    <svg className={s.bunting} viewBox="0 0 480 18" preserveAspectRatio="none" aria-hidden="true">
      <path d="M0 2 Q240 10 480 2" stroke="#ffd86b" strokeOpacity="0.6" fill="none" />
      {Array.from({ length: flags }, (_, i) => {
        const x = (i + 0.5) * (480 / flags);
        const y = 2 + 8 * (1 - Math.pow((x - 240) / 240, 2));
        return <path key={i} d={`M${x - 7} ${y} L${x + 7} ${y} L${x} ${y + 9} Z`} fill={colours[i % colours.length]} opacity="0.9" />;
      })}
    </svg>
  );
}
