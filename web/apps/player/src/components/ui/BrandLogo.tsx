// The brand's logo, with its light-surface variant when the brand has one.
// Both are in the page and CSS shows the one for the current theme, so the
// logo follows the theme toggle without re-rendering.
type Theme = { logoUrl?: string; logoLightUrl?: string };

export function BrandLogo({ theme, alt, height, className }: { theme?: Theme; alt: string; height: number; className?: string }) {
  if (!theme?.logoUrl) return null;
  const cls = className ? ` ${className}` : '';
  if (!theme.logoLightUrl) return <img className={className} src={theme.logoUrl} alt={alt} height={height} />;
  return (
    <>
      <img className={`brand-logo--dark${cls}`} src={theme.logoUrl} alt={alt} height={height} />
      <img className={`brand-logo--light${cls}`} src={theme.logoLightUrl} alt={alt} height={height} />
    </>
  );
}
