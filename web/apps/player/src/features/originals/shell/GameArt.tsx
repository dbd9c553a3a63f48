// Small original emblems of the Palaro Originals (inline SVG, brand colours):
// a parol star, a jeepney, dice pips, a gem, and a plinko triangle.
import type { GameSlug } from '../api';

export function GameArt({ game, className }: { game: GameSlug; className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`ga-${game}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--c-primary)" />
          <stop offset="1" stopColor="var(--c-accent)" />
        </linearGradient>
      </defs>
      <rect x="2" y="2" width="44" height="44" rx="12" fill={`url(#ga-${game})`} />
      {game === 'dice' && (
        <g>
          <rect x="12" y="12" width="24" height="24" rx="6" fill="#fff" opacity="0.95" transform="rotate(-8 24 24)" />
          {[
            [18, 18],
            [30, 18],
            [24, 24],
            [18, 30],
            [30, 30],
          ].map(([x, y]) => (
            <circle key={`${x}-${y}`} cx={x} cy={y} r="2.6" fill="#1a1205" transform="rotate(-8 24 24)" />
          ))}
        </g>
      )}
      {game === 'mines' && (
        <g>
          <path d="M24 10 L35 20 L24 38 L13 20 Z" fill="#fff" opacity="0.95" />
          <path d="M13 20 H35 M24 10 L20 20 L24 38 L28 20 Z" stroke="#1a1205" strokeWidth="1.4" fill="none" opacity="0.55" />
        </g>
      )}
      {game === 'plinko' && (
        <g fill="#fff">
          {[0, 1, 2, 3].map((r) =>
            Array.from({ length: r + 1 }, (_, i) => <circle key={`${r}-${i}`} cx={24 - r * 5 + i * 10} cy={13 + r * 7} r="2" opacity="0.9" />),
          )}
          <circle cx="27" cy="19" r="3.4" fill="#1a1205" />
        </g>
      )}
      {game === 'slot' && (
        <path
          d="M24 8 L27.5 19 L39 19 L29.8 25.8 L33.3 37 L24 30.2 L14.7 37 L18.2 25.8 L9 19 L20.5 19 Z"
          fill="#fff"
          stroke="#1a1205"
          strokeWidth="1.2"
          strokeLinejoin="round"
        />
      )}
      {game === 'crash' && (
        <g>
          <path d="M8 36 C 18 34, 28 26, 38 10" stroke="#fff" strokeWidth="3.2" fill="none" strokeLinecap="round" />
          <circle cx="38" cy="10" r="3.5" fill="#1a1205" />
        </g>
      )}
    </svg>
  );
}
