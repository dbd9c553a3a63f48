// Sound effects synthesised with WebAudio (no audio files): short envelopes on
// oscillators and filtered noise. The AudioContext is created on the first
// effect after a user gesture; muting is remembered in localStorage.
export type Effect = 'click' | 'tick' | 'roll' | 'win' | 'bigwin' | 'lose' | 'peg' | 'drop' | 'gem' | 'boom' | 'cashout' | 'spin' | 'stop';

export const MUTE_KEY = 'palaro.originals.muted';

export function readMuted(storage: Storage | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(MUTE_KEY) === '1';
  } catch {
    return false;
  }
}
export function writeMuted(muted: boolean, storage: Storage | undefined = globalThis.localStorage) {
  try {
    storage?.setItem(MUTE_KEY, muted ? '1' : '0');
  } catch {
    /* private mode: the choice lasts for the page */
  }
}

type Ctx = AudioContext;
let ctx: Ctx | undefined;
function audio(): Ctx | undefined {
  if (ctx) return ctx;
  const AC = (globalThis as { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext }).AudioContext ??
    (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AC) return undefined;
  try {
    ctx = new AC();
  } catch {
    return undefined;
  }
  return ctx;
}

function tone(c: Ctx, at: number, freq: number, dur: number, type: OscillatorType, gain: number, slideTo?: number) {
  const o = c.createOscillator();
  const g = c.createGain();
  o.type = type;
  o.frequency.setValueAtTime(freq, at);
  if (slideTo) o.frequency.exponentialRampToValueAtTime(slideTo, at + dur);
  g.gain.setValueAtTime(0.0001, at);
  g.gain.exponentialRampToValueAtTime(gain, at + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, at + dur);
  o.connect(g).connect(c.destination);
  o.start(at);
  o.stop(at + dur + 0.02);
}

function noise(c: Ctx, at: number, dur: number, gain: number, cutoff: number) {
  const len = Math.max(1, Math.floor(c.sampleRate * dur));
  const buf = c.createBuffer(1, len, c.sampleRate);
  const d = buf.getChannelData(0);
  for (let i = 0; i < len; i++) d[i] = (Math.random() * 2 - 1) * (1 - i / len);
  const src = c.createBufferSource();
  src.buffer = buf;
  const f = c.createBiquadFilter();
  f.type = 'lowpass';
  f.frequency.value = cutoff;
  const g = c.createGain();
  g.gain.value = gain;
  src.connect(f).connect(g).connect(c.destination);
  src.start(at);
}

/** Plays one effect now (nothing when muted or when the browser has no WebAudio). */
export function playEffect(effect: Effect, muted: boolean, pitch = 0) {
  if (muted) return;
  const c = audio();
  if (!c) return;
  if (c.state === 'suspended') void c.resume();
  const t = c.currentTime + 0.005;
  switch (effect) {
    case 'click':
      tone(c, t, 660, 0.05, 'square', 0.04);
      break;
    case 'tick':
      tone(c, t, 1200 + pitch * 40, 0.03, 'triangle', 0.05);
      break;
    case 'roll':
      noise(c, t, 0.35, 0.12, 2400);
      break;
    case 'peg':
      tone(c, t, 900 + pitch * 55, 0.06, 'sine', 0.06);
      break;
    case 'drop':
      tone(c, t, 520, 0.18, 'sine', 0.08, 260);
      break;
    case 'gem':
      tone(c, t, 880 + pitch * 30, 0.09, 'sine', 0.08);
      tone(c, t + 0.06, 1320 + pitch * 45, 0.14, 'sine', 0.06);
      break;
    case 'boom':
      noise(c, t, 0.6, 0.35, 700);
      tone(c, t, 120, 0.5, 'sawtooth', 0.12, 40);
      break;
    case 'win':
      [523, 659, 784].forEach((f, i) => tone(c, t + i * 0.08, f, 0.18, 'triangle', 0.09));
      break;
    case 'bigwin':
      [523, 659, 784, 1047, 1319].forEach((f, i) => tone(c, t + i * 0.09, f, 0.26, 'triangle', 0.1));
      break;
    case 'cashout':
      [784, 1047].forEach((f, i) => tone(c, t + i * 0.07, f, 0.2, 'square', 0.05));
      noise(c, t, 0.12, 0.06, 6000);
      break;
    case 'lose':
      tone(c, t, 330, 0.28, 'sawtooth', 0.05, 160);
      break;
    case 'spin':
      noise(c, t, 0.2, 0.05, 1800);
      break;
    case 'stop':
      tone(c, t, 220, 0.08, 'square', 0.06, 140);
      break;
  }
}
