// Original symbol art for Palaro Parol Spins (Philippine fiesta): the parol
// lantern (wild), the sun Araw (scatter), a jeepney, a carabao, sampaguita
// flowers and the card ranks. Drawn once as an SVG sprite (<SymbolSprite/>)
// and placed in every reel cell with <use>, so a spinning reel of 40 symbols
// costs 40 tiny elements, not 40 copies of the drawings. viewBox 0 0 100 100.
import { memo } from 'react';

const P = 'pps-'; // id prefix (ids are document-wide)

/** The id of a symbol's drawing in the sprite. */
export const symbolId = (name: string) => `${P}sym-${KNOWN.has(name) ? name : 'UNKNOWN'}`;

const KNOWN = new Set(['WILD', 'SCATTER', 'JEEPNEY', 'CARABAO', 'SAMPAGUITA', 'A', 'K', 'Q', 'J', '10']);

/** Card ranks: letter, main colour, light colour. */
const RANKS: [string, string, string][] = [
  ['A', '#e63946', '#ffb3b8'],
  ['K', '#2f7de1', '#a9d1ff'],
  ['Q', '#9b5de5', '#dcc2ff'],
  ['J', '#1fb57a', '#aef0cf'],
  ['10', '#f28c28', '#ffd3a1'],
];

function Rank({ id, text, main, light }: { id: string; text: string; main: string; light: string }) {
  const g = `${P}rk-${id}`;
  return (
    <symbol id={`${P}sym-${id}`} viewBox="0 0 100 100">
      <defs>
        <linearGradient id={g} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={light} />
          <stop offset="0.55" stopColor={main} />
          <stop offset="1" stopColor={main} stopOpacity="0.85" />
        </linearGradient>
      </defs>
      {/* banderitas (fiesta bunting) behind the letter */}
      <path d="M8 16 Q50 30 92 16" fill="none" stroke={light} strokeOpacity="0.5" strokeWidth="1.5" />
      {[16, 32, 50, 68, 84].map((x, i) => (
        <path key={x} d={`M${x - 6} ${18 + (i % 2 ? 4 : 2)} l12 0 l-6 10z`} fill={i % 2 ? main : light} opacity="0.75" />
      ))}
      <text
        x="50"
        y="80"
        textAnchor="middle"
        fontFamily="Georgia, 'Times New Roman', serif"
        fontWeight="900"
        fontSize={text.length > 1 ? 46 : 58}
        fill={`url(#${g})`}
        stroke="#1a1205"
        strokeWidth="3"
        paintOrder="stroke"
        letterSpacing={text.length > 1 ? -3 : 0}
      >
        {text}
      </text>
    </symbol>
  );
}

/** The sprite: render once per page (hidden, but not display:none so gradients resolve). */
export const SymbolSprite = memo(function SymbolSprite() {
  return (
    <svg width="0" height="0" aria-hidden="true" focusable="false" style={{ position: 'absolute', width: 0, height: 0, overflow: 'hidden' }}>
      <defs>
        <radialGradient id={`${P}glow-gold`} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#fff4c2" stopOpacity="0.95" />
          <stop offset="0.45" stopColor="#f5b942" stopOpacity="0.55" />
          <stop offset="1" stopColor="#f5b942" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={`${P}parol`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffd86b" />
          <stop offset="0.5" stopColor="#ff6b5a" />
          <stop offset="1" stopColor="#c2185b" />
        </linearGradient>
        <linearGradient id={`${P}parol-in`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fffbe6" />
          <stop offset="1" stopColor="#ffd34d" />
        </linearGradient>
        <radialGradient id={`${P}sun`} cx="0.45" cy="0.4" r="0.6">
          <stop offset="0" stopColor="#fff7cf" />
          <stop offset="0.55" stopColor="#ffc928" />
          <stop offset="1" stopColor="#f08c00" />
        </radialGradient>
        <linearGradient id={`${P}jeep`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff5a4e" />
          <stop offset="1" stopColor="#b3202a" />
        </linearGradient>
        <linearGradient id={`${P}chrome`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="0.5" stopColor="#b9c2d0" />
          <stop offset="1" stopColor="#6b7586" />
        </linearGradient>
        <linearGradient id={`${P}carabao`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#8a8f9c" />
          <stop offset="1" stopColor="#3c4150" />
        </linearGradient>
        <linearGradient id={`${P}horn`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#f3e6c8" />
          <stop offset="1" stopColor="#a38a5c" />
        </linearGradient>
        <radialGradient id={`${P}petal`} cx="0.5" cy="0.9" r="0.9">
          <stop offset="0" stopColor="#fffbe8" />
          <stop offset="0.7" stopColor="#ffffff" />
          <stop offset="1" stopColor="#dfe7ff" />
        </radialGradient>
      </defs>

      {/* WILD: the parol, the Filipino Christmas star lantern */}
      <symbol id={`${P}sym-WILD`} viewBox="0 0 100 100">
        <circle cx="50" cy="44" r="44" fill={`url(#${P}glow-gold)`} />
        {/* tassels */}
        <path d="M38 70 q-4 14 -10 24 M50 72 q0 14 0 24 M62 70 q4 14 10 24" stroke="#ffd86b" strokeWidth="3" strokeLinecap="round" fill="none" />
        <circle cx="28" cy="94" r="3" fill="#ff6b5a" />
        <circle cx="50" cy="96" r="3" fill="#1fc3a7" />
        <circle cx="72" cy="94" r="3" fill="#2f7de1" />
        {/* ring */}
        <circle cx="50" cy="44" r="33" fill="none" stroke="#ffd86b" strokeWidth="3" />
        {/* star */}
        <path
          d="M50 8 L60 34 L88 34 L65 51 L74 78 L50 61 L26 78 L35 51 L12 34 L40 34 Z"
          fill={`url(#${P}parol)`}
          stroke="#fff2c4"
          strokeWidth="2.5"
          strokeLinejoin="round"
        />
        <path d="M50 24 L55 38 L70 38 L58 47 L62 61 L50 53 L38 61 L42 47 L30 38 L45 38 Z" fill={`url(#${P}parol-in)`} />
        <circle cx="50" cy="44" r="5" fill="#fff" />
      </symbol>

      {/* SCATTER: Araw, the eight-rayed sun */}
      <symbol id={`${P}sym-SCATTER`} viewBox="0 0 100 100">
        <circle cx="50" cy="50" r="48" fill={`url(#${P}glow-gold)`} />
        <g fill="#ffb400" stroke="#fff0b3" strokeWidth="1.2" strokeLinejoin="round">
          {Array.from({ length: 8 }, (_, i) => (
            <path key={i} d="M50 4 L56 26 L50 22 L44 26 Z" transform={`rotate(${i * 45} 50 50)`} />
          ))}
        </g>
        <g fill="#ffd54a">
          {Array.from({ length: 8 }, (_, i) => (
            <path key={i} d="M50 14 L53 28 L47 28 Z" transform={`rotate(${i * 45 + 22.5} 50 50)`} />
          ))}
        </g>
        <circle cx="50" cy="50" r="22" fill={`url(#${P}sun)`} stroke="#fff5cc" strokeWidth="2" />
        {/* smiling face */}
        <circle cx="43" cy="47" r="2.6" fill="#7a3b00" />
        <circle cx="57" cy="47" r="2.6" fill="#7a3b00" />
        <path d="M42 55 Q50 62 58 55" stroke="#7a3b00" strokeWidth="2.6" fill="none" strokeLinecap="round" />
        <circle cx="39" cy="53" r="2.5" fill="#ff8a65" opacity="0.7" />
        <circle cx="61" cy="53" r="2.5" fill="#ff8a65" opacity="0.7" />
        {/* three small stars */}
        {[
          [14, 16],
          [86, 16],
          [50, 92],
        ].map(([x, y]) => (
          <path key={`${x}`} d={`M${x} ${y - 6} l1.8 4.2 4.4 .4 -3.4 2.9 1 4.4 -3.8 -2.3 -3.8 2.3 1 -4.4 -3.4 -2.9 4.4 -.4z`} fill="#fff5cc" />
        ))}
      </symbol>

      {/* JEEPNEY: the King of the Road */}
      <symbol id={`${P}sym-JEEPNEY`} viewBox="0 0 100 100">
        <ellipse cx="50" cy="84" rx="44" ry="5" fill="#000" opacity="0.35" />
        {/* roof rack */}
        <rect x="22" y="22" width="64" height="5" rx="2" fill="#ffd34d" />
        <path d="M28 22 v-4 M40 22 v-4 M52 22 v-4 M64 22 v-4 M76 22 v-4" stroke="#ffd34d" strokeWidth="2" />
        {/* body */}
        <path d="M8 66 L10 46 Q12 38 20 38 L22 27 L88 27 Q93 27 93 33 L93 66 Z" fill={`url(#${P}jeep)`} stroke="#2b0a0a" strokeWidth="1.5" />
        {/* hood */}
        <path d="M6 66 L7 50 Q8 46 14 46 L24 46 L24 66 Z" fill="#1e88e5" stroke="#0b2d52" strokeWidth="1.2" />
        {/* windows */}
        {[28, 41, 54, 67, 80].map((x) => (
          <rect key={x} x={x} y="31" width="10" height="10" rx="2" fill="#bfe3ff" stroke="#fff" strokeWidth="1" />
        ))}
        <path d="M14 46 L20 39 L24 39 L24 46 Z" fill="#bfe3ff" />
        {/* stripes */}
        <rect x="24" y="45" width="69" height="4" fill="#ffd34d" />
        <rect x="24" y="51" width="69" height="3" fill="#1fc3a7" />
        <path d="M30 58 h56" stroke="#fff" strokeWidth="2" strokeDasharray="4 3" />
        {/* chrome horse on the hood */}
        <path d="M9 46 l2 -7 l3 -2 l1 3 l-2 6 z" fill={`url(#${P}chrome)`} />
        {/* bumper and lamp */}
        <rect x="3" y="63" width="26" height="5" rx="2" fill={`url(#${P}chrome)`} />
        <circle cx="9" cy="56" r="3" fill="#fff7c2" stroke="#fff" />
        {/* wheels */}
        {[22, 76].map((x) => (
          <g key={x}>
            <circle cx={x} cy="70" r="11" fill="#1a1a22" />
            <circle cx={x} cy="70" r="6" fill={`url(#${P}chrome)`} />
            <circle cx={x} cy="70" r="2" fill="#1a1a22" />
          </g>
        ))}
      </symbol>

      {/* CARABAO: the water buffalo */}
      <symbol id={`${P}sym-CARABAO`} viewBox="0 0 100 100">
        {/* horns */}
        <path d="M40 34 Q18 36 8 18 Q6 10 12 8 Q16 24 38 26 Z" fill={`url(#${P}horn)`} stroke="#5b4a2c" strokeWidth="1.5" />
        <path d="M60 34 Q82 36 92 18 Q94 10 88 8 Q84 24 62 26 Z" fill={`url(#${P}horn)`} stroke="#5b4a2c" strokeWidth="1.5" />
        {/* ears */}
        <ellipse cx="24" cy="42" rx="11" ry="5" transform="rotate(-20 24 42)" fill="#5d6271" />
        <ellipse cx="76" cy="42" rx="11" ry="5" transform="rotate(20 76 42)" fill="#5d6271" />
        {/* head */}
        <path d="M32 30 Q50 20 68 30 Q72 56 64 76 Q50 86 36 76 Q28 56 32 30 Z" fill={`url(#${P}carabao)`} stroke="#232633" strokeWidth="1.5" />
        {/* muzzle */}
        <ellipse cx="50" cy="74" rx="15" ry="10" fill="#b9a596" />
        <ellipse cx="44" cy="74" rx="3" ry="2.2" fill="#3a2c24" />
        <ellipse cx="56" cy="74" rx="3" ry="2.2" fill="#3a2c24" />
        {/* eyes */}
        <circle cx="41" cy="48" r="4" fill="#fff" />
        <circle cx="59" cy="48" r="4" fill="#fff" />
        <circle cx="42" cy="49" r="2.2" fill="#1a1a22" />
        <circle cx="58" cy="49" r="2.2" fill="#1a1a22" />
        {/* sampaguita garland */}
        <path d="M30 84 Q50 96 70 84" fill="none" stroke="#1f8a4c" strokeWidth="2" />
        {[34, 42, 50, 58, 66].map((x, i) => (
          <circle key={x} cx={x} cy={88 + (i === 2 ? 3 : i % 2 ? 2 : 0)} r="3" fill="#fff" stroke="#e8eefc" />
        ))}
      </symbol>

      {/* SAMPAGUITA: the national flower */}
      <symbol id={`${P}sym-SAMPAGUITA`} viewBox="0 0 100 100">
        <path d="M20 78 Q10 60 24 50 Q30 66 20 78 Z" fill="#2fae66" />
        <path d="M80 78 Q90 60 76 50 Q70 66 80 78 Z" fill="#2fae66" />
        <path d="M50 96 Q48 80 50 66" stroke="#1f8a4c" strokeWidth="3" fill="none" />
        <g transform="translate(50 44)">
          {Array.from({ length: 8 }, (_, i) => (
            <ellipse key={i} cx="0" cy="-20" rx="9" ry="19" fill={`url(#${P}petal)`} stroke="#dfe6f5" strokeWidth="1" transform={`rotate(${i * 45})`} />
          ))}
          {Array.from({ length: 6 }, (_, i) => (
            <ellipse key={i} cx="0" cy="-11" rx="6" ry="11" fill="#fff" stroke="#edf1fb" strokeWidth="1" transform={`rotate(${i * 60 + 30})`} />
          ))}
          <circle r="6" fill="#ffe27a" stroke="#e6b400" strokeWidth="1" />
          <circle r="2.2" fill="#c9a100" />
        </g>
        {/* bud */}
        <ellipse cx="80" cy="24" rx="5" ry="8" fill="#fff" stroke="#dfe6f5" transform="rotate(25 80 24)" />
      </symbol>

      {RANKS.map(([text, main, light]) => (
        <Rank key={text} id={text} text={text} main={main} light={light} />
      ))}

      <symbol id={`${P}sym-UNKNOWN`} viewBox="0 0 100 100">
        <path d="M50 12 L84 50 L50 88 L16 50 Z" fill="#6c7aa0" stroke="#c9d2e8" strokeWidth="2" />
      </symbol>
    </svg>
  );
});

/** One symbol, drawn from the sprite (decorative: the cell around it carries the name). */
export function SymbolArt({ name, className }: { name: string; className?: string }) {
  return (
    <svg viewBox="0 0 100 100" className={className} aria-hidden="true" focusable="false">
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
