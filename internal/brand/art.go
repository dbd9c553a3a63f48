package brand

import (
	"fmt"
	"html"
)

// Brand art is drawn here, original and generated: a night-market palette
// of navy #0E1525, gold #F5B942, coral #FF6B5A and teal #1FC3A7.

// lantern draws a paper lantern centred at (x, y) with height h.
func lantern(x, y, h float64, body, glow string) string {
	w := h * 0.8
	return fmt.Sprintf(`<g><line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#F5B942" stroke-width="%.1f"/>`+
		`<ellipse cx="%.1f" cy="%.1f" rx="%.1f" ry="%.1f" fill="%s"/>`+
		`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="%s"/>`+
		`<path d="M%.1f %.1fv%.1fM%.1f %.1fv%.1f" stroke="#0E1525" stroke-opacity="0.35" stroke-width="%.1f"/>`+
		`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#F5B942"/><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#F5B942"/></g>`,
		x, y-h*0.9, x, y-h*0.5, h*0.04,
		x, y, w*0.95, h*0.7, glow,
		x-w/2, y-h/2, w, h, w*0.45, body,
		x-w*0.18, y-h*0.45, h*0.9, x+w*0.18, y-h*0.45, h*0.9, h*0.03,
		x-w*0.22, y-h*0.56, w*0.44, h*0.08, x-w*0.22, y+h*0.48, w*0.44, h*0.08)
}

// LogoSVG is the header wordmark for dark surfaces: a lantern and the brand name.
func LogoSVG(name string) string { return logoSVG(name, "#FFD98A", "#F5B942") }

// LogoLightSVG is the same wordmark in deeper gold for light surfaces (WCAG AA on white).
func LogoLightSVG(name string) string { return logoSVG(name, "#A86B06", "#7A4C02") }

func logoSVG(name, from, to string) string {
	return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 64" role="img" aria-label="` + html.EscapeString(name) + `">` +
		`<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="` + from + `"/><stop offset="1" stop-color="` + to + `"/></linearGradient>` +
		`<linearGradient id="c" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#FF8A6E"/><stop offset="1" stop-color="#FF6B5A"/></linearGradient>` +
		`<radialGradient id="glow"><stop offset="0" stop-color="#F5B942" stop-opacity="0.5"/><stop offset="1" stop-color="#F5B942" stop-opacity="0"/></radialGradient></defs>` +
		lantern(30, 34, 36, "url(#c)", "url(#glow)") +
		`<circle cx="52" cy="14" r="2" fill="#1FC3A7"/><circle cx="10" cy="52" r="1.6" fill="#1FC3A7"/>` +
		`<text x="58" y="44" font-family="Poppins, 'Segoe UI', Arial, sans-serif" font-size="32" font-weight="800" letter-spacing="1" fill="url(#g)">` +
		html.EscapeString(name) + `</text></svg>`
}

// FaviconSVG is the square icon: a lantern on a navy tile.
func FaviconSVG() string {
	return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
		`<defs><radialGradient id="b" cx="0.5" cy="0.4" r="0.7"><stop offset="0" stop-color="#24304F"/><stop offset="1" stop-color="#0E1525"/></radialGradient>` +
		`<linearGradient id="c" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#FF8A6E"/><stop offset="1" stop-color="#FF6B5A"/></linearGradient>` +
		`<radialGradient id="glow"><stop offset="0" stop-color="#F5B942" stop-opacity="0.5"/><stop offset="1" stop-color="#F5B942" stop-opacity="0"/></radialGradient></defs>` +
		`<rect width="64" height="64" rx="14" fill="url(#b)"/>` + lantern(32, 35, 34, "url(#c)", "url(#glow)") +
		`<circle cx="52" cy="12" r="2.4" fill="#1FC3A7"/></svg>`
}
