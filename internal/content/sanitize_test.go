package content

import (
	"strings"
	"testing"
)

func TestSanitize(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"OK/Plain", "<p>Hello <strong>world</strong></p>", "<p>Hello <strong>world</strong></p>"},
		{"OK/InternalLink", `<a href="/help#faq">FAQ</a>`, `<a href="/help#faq">FAQ</a>`},
		{"OK/ExternalLink", `<a href="https://example.org" onclick="x()">x</a>`, `<a href="https://example.org" rel="noopener noreferrer" target="_blank">x</a>`},
		{"OK/Table", `<table><tr><td colspan="2">a</td></tr></table>`, `<table><tbody><tr><td colspan="2">a</td></tr></tbody></table>`},
		{"XSS/Script", `<p>a<script>alert(1)</script>b</p>`, `<p>ab</p>`},
		{"XSS/EventHandler", `<img src="/art/x.svg" onerror="alert(1)">`, `<img src="/art/x.svg">`},
		{"XSS/JavascriptURL", `<a href="javascript:alert(1)">x</a>`, `<a>x</a>`},
		{"XSS/JavascriptURLCase", `<a href=" JaVaScRiPt:alert(1)">x</a>`, `<a>x</a>`},
		{"XSS/JavascriptURLEntities", `<a href="jav&#x09;ascript:alert(1)">x</a>`, `<a>x</a>`},
		{"XSS/DataURLImage", `<img src="data:image/svg+xml;base64,PHN2Zz4=">`, `<img>`},
		{"XSS/ProtocolRelative", `<img src="//evil.example/x.png">`, `<img>`},
		{"XSS/BackslashURL", `<a href="/\evil.example">x</a>`, `<a>x</a>`},
		{"XSS/Style", `<p style="background:url(javascript:alert(1))">x</p><style>p{}</style>`, `<p>x</p>`},
		{"XSS/Iframe", `<iframe src="https://evil.example"></iframe>ok`, `ok`},
		{"XSS/SVG", `<svg><script>alert(1)</script></svg>ok`, `ok`},
		{"XSS/SVGOnload", `<svg onload="alert(1)"><circle/></svg>ok`, `ok`},
		{"XSS/MathMLEscape", `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`, ``},
		{"XSS/Comment", `<!-- <script>alert(1)</script> -->ok`, `ok`},
		{"XSS/UnknownTagUnwrapped", `<blink onmouseover="x()">hi</blink>`, `hi`},
		{"XSS/AttributeBreakout", `<a title='" onmouseover="alert(1)'>x</a>`, `<a title="&#34; onmouseover=&#34;alert(1)">x</a>`},
		{"XSS/TextEscaped", `&lt;script&gt;alert(1)&lt;/script&gt;`, `&lt;script&gt;alert(1)&lt;/script&gt;`},
		{"XSS/Form", `<form action="https://evil"><input name="p"><button>go</button></form>x`, `x`},
		{"XSS/NoscriptMutation", `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`, `<img>&#34;&gt;`},
		{"XSS/BadWidth", `<img src="/a.svg" width="100%;x">`, `<img src="/a.svg">`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Sanitize(tc.in)
			if got != tc.want {
				t.Fatalf("got  %s\nwant %s", got, tc.want)
			}
			low := strings.ToLower(got)
			for _, bad := range []string{"<script", "javascript:", "onerror", "onload", "onclick", "<iframe", "<svg", "style="} {
				if strings.Contains(low, bad) && !strings.Contains(low, "&#34;") {
					t.Fatalf("unsafe output %s", got)
				}
			}
		})
	}
}
