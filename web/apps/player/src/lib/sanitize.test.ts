import { sanitizeHtml } from './sanitize';

const cases: [string, string, string][] = [
  ['keeps allowed markup', '<p>Hello <strong>you</strong><br><em>x</em></p>', '<p>Hello <strong>you</strong><br><em>x</em></p>'],
  ['drops script with content', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
  ['drops event handlers', '<img src="/art/x.svg" onerror="alert(1)">', '<img src="/art/x.svg" loading="lazy">'],
  ['drops javascript: links', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
  ['drops obfuscated javascript: links', '<a href="java&#x09;script:alert(1)">x</a>', '<a>x</a>'],
  ['drops data: links', '<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
  ['external links open safely', '<a href="https://example.org/a">x</a>', '<a href="https://example.org/a" target="_blank" rel="noopener noreferrer">x</a>'],
  ['site paths kept', '<a href="/promotions#3">x</a>', '<a href="/promotions#3">x</a>'],
  ['protocol-relative refused', '<a href="//evil.example">x</a><a href="/\t/evil.example">y</a>', '<a>x</a><a>y</a>'],
  ['unknown tags unwrapped', '<marquee><b>hi</b></marquee>', '<b>hi</b>'],
  ['style and svg dropped', '<style>*{}</style><svg><script>alert(1)</script></svg><p>ok</p>', '<p>ok</p>'],
  ['style attribute dropped', '<p style="background:url(javascript:x)">t</p>', '<p>t</p>'],
  ['iframes dropped', '<iframe src="https://evil.example"></iframe>', ''],
  ['images need https or site path', '<img src="http://x.example/a.png"><img src="https://x.example/b.png">', '<img src="https://x.example/b.png" loading="lazy">'],
  ['text is escaped', '&lt;script&gt;alert(1)&lt;/script&gt;', '&lt;script&gt;alert(1)&lt;/script&gt;'],
  ['mutation XSS through noscript', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
  ['comments removed', '<p>a<!-- <img src=x onerror=alert(1)> --></p>', '<p>a</p>'],
  ['table spans numeric only', '<table><tbody><tr><td colspan="2" rowspan="x">c</td></tr></tbody></table>', '<table><tbody><tr><td colspan="2">c</td></tr></tbody></table>'],
];

describe('sanitizeHtml', () => {
  test.each(cases)('%s', (_name, input, want) => {
    expect(sanitizeHtml(input)).toBe(want);
  });
  test('empty input', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml(undefined)).toBe('');
  });
});
