/**
 * The cases both sanitisers of the content HTML policy (./html-policy.ts) are tested against:
 * sanitize-html in services, DOMPurify in the web app. Each must turn `html` into `safe`, written
 * as a browser serialises it (`<img src="…">`, no self-closing slash).
 */

export interface ContentHtmlCase {
  readonly name: string;
  readonly html: string;
  readonly safe: string;
}

const LINK = 'target="_blank" rel="noopener noreferrer"';

/** Attacks: each loses its script, handler, dangerous URL or element. */
export const XSS_CASES: readonly ContentHtmlCase[] = [
  { name: 'script element', html: '<p>Hi<script>alert(1)</script></p>', safe: '<p>Hi</p>' },
  { name: 'image error handler', html: '<img src="https://x.test/a.png" onerror="alert(2)">', safe: '<img src="https://x.test/a.png">' },
  { name: 'unquoted handler', html: '<img src=x onerror=alert(1)>', safe: '<img src="x">' },
  { name: 'click handler and style', html: '<p style="color:red" onclick="steal()">z</p>', safe: '<p>z</p>' },
  { name: 'javascript: link', html: '<a href="javascript:alert(1)">x</a>', safe: `<a ${LINK}>x</a>` },
  { name: 'mixed-case scheme', html: '<a href="JaVaScRiPt:alert(1)">x</a>', safe: `<a ${LINK}>x</a>` },
  { name: 'scheme split by a tab entity', html: '<a href="java&#x09;script:alert(1)">x</a>', safe: `<a ${LINK}>x</a>` },
  { name: 'scheme after blanks', html: '<a href="  javascript:alert(1)">x</a>', safe: `<a ${LINK}>x</a>` },
  { name: 'encoded colon', html: '<a href="javascript&#58;alert(1)">x</a>', safe: `<a ${LINK}>x</a>` },
  { name: 'protocol-relative link', html: '<a href="//evil.test">y</a>', safe: `<a ${LINK}>y</a>` },
  { name: 'data: link', html: '<a href="data:text/html;base64,PHNjcmlwdD4=">d</a>', safe: `<a ${LINK}>d</a>` },
  { name: 'data: image', html: '<img src="data:image/png;base64,AAAA" alt="x">', safe: '<img alt="x">' },
  { name: 'mailto: image', html: '<img src="mailto:team@bankx.io">', safe: '<img>' },
  { name: 'svg with onload', html: '<svg onload="alert(1)"><circle r="1"></circle></svg>ok', safe: 'ok' },
  { name: 'svg script', html: '<svg><script>alert(1)</script></svg>', safe: '' },
  { name: 'iframe', html: '<iframe src="https://x.test">frame</iframe>', safe: '' },
  { name: 'object and embed', html: '<object data="x.swf"></object><embed src="x.swf">', safe: '' },
  { name: 'style element', html: '<style>p{}</style><p>a</p>', safe: '<p>a</p>' },
  { name: 'textarea holding a script', html: '<textarea><script>alert(1)</script></textarea>', safe: '' },
  { name: 'form controls', html: '<form action="https://x.test"><input name="a"><button>Go</button></form>', safe: 'Go' },
  { name: 'meta refresh', html: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', safe: '' },
  { name: 'comment hiding markup', html: '<!-- <img src=x onerror=alert(1)> --><p>c</p>', safe: '<p>c</p>' },
  { name: 'ids, classes, data and aria attributes', html: '<div id="i" class="c" data-x="1" aria-label="l">t</div>', safe: '<div>t</div>' },
  { name: 'link target and opener', html: '<a href="https://bankx.io" target="_self" rel="opener">BankX</a>', safe: `<a href="https://bankx.io" ${LINK}>BankX</a>` },
];

/** Staff markup that must come out as it went in (links gain the new-tab attributes). */
export const SAFE_CASES: readonly ContentHtmlCase[] = [
  {
    name: 'headings, emphasis and lists',
    html: '<h3>Launch</h3><p>New <strong>pools</strong> and <em>bridges</em>:</p><ul><li>BSC</li></ul><ol start="3"><li>Base</li></ol>',
    safe: '<h3>Launch</h3><p>New <strong>pools</strong> and <em>bridges</em>:</p><ul><li>BSC</li></ul><ol start="3"><li>Base</li></ol>',
  },
  {
    name: 'a table',
    html: '<table><thead><tr><th scope="col">Chain</th></tr></thead><tbody><tr><td colspan="2">BSC</td></tr></tbody></table>',
    safe: '<table><thead><tr><th scope="col">Chain</th></tr></thead><tbody><tr><td colspan="2">BSC</td></tr></tbody></table>',
  },
  {
    name: 'quotes, code, abbreviations and times',
    html: '<blockquote><p>q</p></blockquote><pre><code>x = 1</code></pre><abbr title="Silver Dollar">XSD</abbr> <time datetime="2025-06-01">June</time><br><hr>',
    safe: '<blockquote><p>q</p></blockquote><pre><code>x = 1</code></pre><abbr title="Silver Dollar">XSD</abbr> <time datetime="2025-06-01">June</time><br><hr>',
  },
  {
    name: 'links: absolute, relative and mail',
    html: '<a href="https://bankx.io/?a=1&amp;b=2" title="BankX">site</a> <a href="/silver-price">silver</a> <a href="mailto:team@bankx.io">mail</a>',
    safe: `<a href="https://bankx.io/?a=1&amp;b=2" title="BankX" ${LINK}>site</a> <a href="/silver-price" ${LINK}>silver</a> <a href="mailto:team@bankx.io" ${LINK}>mail</a>`,
  },
  {
    name: 'an image',
    html: '<img src="https://x.test/chart.png" alt="chart" width="10" height="5">',
    safe: '<img src="https://x.test/chart.png" alt="chart" width="10" height="5">',
  },
  { name: 'text that looks like markup', html: '<p>Silver > 1.20 & rising</p>', safe: '<p>Silver &gt; 1.20 &amp; rising</p>' },
  { name: 'nothing', html: '', safe: '' },
];
