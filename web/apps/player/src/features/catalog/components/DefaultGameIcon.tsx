// Original fallback art for a game whose image fails to load: a lantern-lit
// tile with a die glyph, drawn with the theme's colours.
export function DefaultGameIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 120 120" role="img" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="cat-dgi-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2b3a5c" />
          <stop offset="1" stopColor="#121a2c" />
        </linearGradient>
        <radialGradient id="cat-dgi-glow" cx="0.5" cy="0.35" r="0.6">
          <stop offset="0" stopColor="#f5b942" stopOpacity="0.45" />
          <stop offset="1" stopColor="#f5b942" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="120" height="120" fill="url(#cat-dgi-bg)" />
      <rect width="120" height="120" fill="url(#cat-dgi-glow)" />
      <g transform="rotate(-12 60 60)">
        <rect x="36" y="36" width="48" height="48" rx="10" fill="#f5b942" />
        <circle cx="48" cy="48" r="4.5" fill="#1a1205" />
        <circle cx="60" cy="60" r="4.5" fill="#1a1205" />
        <circle cx="72" cy="72" r="4.5" fill="#1a1205" />
        <circle cx="72" cy="48" r="4.5" fill="#1a1205" />
        <circle cx="48" cy="72" r="4.5" fill="#1a1205" />
      </g>
      <circle cx="22" cy="24" r="3" fill="#ff6b5a" />
      <circle cx="98" cy="30" r="2" fill="#1fc3a7" />
      <circle cx="94" cy="96" r="3" fill="#f5b942" opacity="0.7" />
    </svg>
  );
}
