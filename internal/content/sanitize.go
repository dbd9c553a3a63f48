package content

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// allowed lists the tags kept and, per tag, the attributes kept. Anything
// else is unwrapped (its text kept) unless it is in dropped, whose content
// goes too.
var allowed = map[atom.Atom][]string{
	atom.P: nil, atom.Br: nil, atom.B: nil, atom.Strong: nil, atom.I: nil, atom.Em: nil, atom.U: nil,
	atom.S: nil, atom.Small: nil, atom.Sub: nil, atom.Sup: nil, atom.Span: nil, atom.Div: nil,
	atom.Ul: nil, atom.Ol: nil, atom.Li: nil, atom.H3: nil, atom.H4: nil, atom.H5: nil,
	atom.Blockquote: nil, atom.Hr: nil, atom.Table: nil, atom.Thead: nil, atom.Tbody: nil,
	atom.Tr: nil, atom.Th: {"colspan", "rowspan"}, atom.Td: {"colspan", "rowspan"},
	atom.A:   {"href", "title"},
	atom.Img: {"src", "alt", "width", "height"},
}

var dropped = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Iframe: true, atom.Object: true, atom.Embed: true,
	atom.Svg: true, atom.Math: true, atom.Template: true, atom.Noscript: true, atom.Textarea: true,
	atom.Select: true, atom.Form: true, atom.Input: true, atom.Button: true, atom.Frame: true,
	atom.Frameset: true, atom.Noembed: true, atom.Xmp: true, atom.Title: true, atom.Head: true,
	atom.Link: true, atom.Meta: true, atom.Base: true, atom.Audio: true, atom.Video: true,
}

var voids = map[atom.Atom]bool{atom.Br: true, atom.Hr: true, atom.Img: true}

// Sanitize reduces operator HTML to a safe subset: allow-listed tags and
// attributes only, links limited to http(s), mailto and site paths (opened
// with rel="noopener noreferrer"), images to https and site paths, no
// styles, scripts, event handlers or comments. Text is re-escaped.
func Sanitize(src string) string {
	body := &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}
	nodes, err := html.ParseFragment(strings.NewReader(src), body)
	if err != nil {
		return html.EscapeString(src)
	}
	var b strings.Builder
	for _, n := range nodes {
		render(&b, n)
	}
	return b.String()
}

func render(b *strings.Builder, n *html.Node) {
	switch n.Type {
	case html.TextNode:
		b.WriteString(html.EscapeString(n.Data))
		return
	case html.ElementNode:
	default: // comments, doctypes
		return
	}
	if dropped[n.DataAtom] {
		return
	}
	attrs, ok := allowed[n.DataAtom]
	if !ok || n.Namespace != "" {
		children(b, n)
		return
	}
	b.WriteByte('<')
	b.WriteString(n.DataAtom.String())
	for _, a := range n.Attr {
		if a.Namespace != "" || !contains(attrs, a.Key) {
			continue
		}
		v := strings.TrimSpace(a.Val)
		switch a.Key {
		case "href":
			if !safeURL(v, true) {
				continue
			}
		case "src":
			if !safeURL(v, false) {
				continue
			}
		case "width", "height", "colspan", "rowspan":
			if !isDigits(v) || len(v) > 4 {
				continue
			}
		}
		b.WriteByte(' ')
		b.WriteString(a.Key)
		b.WriteString(`="`)
		b.WriteString(html.EscapeString(v))
		b.WriteByte('"')
	}
	if n.DataAtom == atom.A && external(n) {
		b.WriteString(` rel="noopener noreferrer" target="_blank"`)
	}
	b.WriteByte('>')
	if voids[n.DataAtom] {
		return
	}
	children(b, n)
	b.WriteString("</")
	b.WriteString(n.DataAtom.String())
	b.WriteByte('>')
}

func children(b *strings.Builder, n *html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		render(b, c)
	}
}

// safeURL admits site paths, https (and for links http and mailto). The
// check is on the raw value after trimming; control characters and
// backslashes, which browsers strip or fold, are refused outright.
func safeURL(v string, link bool) bool {
	if v == "" || len(v) > 2048 {
		return false
	}
	for _, r := range v {
		if r < 0x20 || r == 0x7f || r == '\\' {
			return false
		}
	}
	lower := strings.ToLower(v)
	switch {
	case strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "//"):
		return true
	case strings.HasPrefix(v, "#") && link:
		return true
	case strings.HasPrefix(lower, "https://"):
		return true
	case link && (strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "mailto:")):
		return true
	}
	return false
}

// external reports a link leaving the site (opened in a new tab).
func external(n *html.Node) bool {
	for _, a := range n.Attr {
		if a.Key == "href" {
			v := strings.TrimSpace(a.Val)
			return safeURL(v, true) && !strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "#")
		}
	}
	return false
}
