// Banderitas: the paper bunting strung over every Philippine fiesta, drawn
// across the top of a game stage in the brand's colours (decoration only).
const COLOURS = ['var(--c-primary)', 'var(--c-accent)', 'var(--c-success)', '#9b7bff', '#4cc3ff'];

export function Banderitas({ className }: { className?: string }) {
  const flags = 24;
  const w = 1200 / flags;
  // The string sags in two arcs; each flag hangs from it.
  const sag = (x: number) => 6 + 12 * Math.sin((Math.PI * ((x % 600) + 0)) / 600);
  return (
    <svg className={className} viewBox="0 0 1200 44" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <path d="M0 6 Q 300 30 600 6 Q 900 30 1200 6" fill="none" stroke="color-mix(in srgb, var(--c-text) 35%, transparent)" strokeWidth="1.5" />
      {Array.from({ length: flags }, (_, i) => {
        const x = i * w + w / 2;
        const y = sag(x);
        return <path key={i} d={`M${x - w * 0.38} ${y} L${x + w * 0.38} ${y} L${x} ${y + 22} Z`} fill={COLOURS[i % COLOURS.length]} opacity={0.85} />;
      })}
    </svg>
  );
}
