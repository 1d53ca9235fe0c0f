import { describe, expect, it } from 'vitest';
import { scrapeMenu } from '@/lib/scrape';
import type { Resolver } from '@/lib/scrape/address';
import { postbackRequests } from '@/lib/scrape/postback';
import { useLoopbackServer } from '@/tests/helpers/loopback-server';

// Tenth round (docs/menus.md): pages reached only by POST (ASP.NET postbacks, page forms).

const BASE = 'https://shop.example/menu';
const hidden = (n: string, v: string) => `<input type="hidden" name="${n}" id="${n}" value="${v}">`;
const webForm = (pager: string) =>
  `<form method="post" action="./menu" id="form1">${hidden('__EVENTTARGET', '')}${hidden('__EVENTARGUMENT', '')}${hidden('__VIEWSTATE', 'dDwtMTA4')}${hidden('__EVENTVALIDATION', 'ev1')}<input type="text" name="q" value=""><input type="checkbox" name="instock"><ul><li>Blue Dream $30.00</li></ul>${pager}</form>`;

describe('postbackRequests', () => {
  it('__doPostBack page links post the form with its state, the target and the argument; previous links are left out', () => {
    const html = webForm(
      `<a href="javascript:__doPostBack(&#39;ctl00$Main$gv&#39;,&#39;Page$Prev&#39;)">Previous</a> <span>1</span> <a href="javascript:__doPostBack(&#39;ctl00$Main$gv&#39;,&#39;Page$2&#39;)">2</a> <a href="javascript:__doPostBack('ctl00$Main$gv','Page$Next')">Next</a>`,
    );
    const rs = postbackRequests(html, BASE);
    expect(rs.map((r) => [r.url, r.label])).toEqual([
      ['https://shop.example/menu', '2'],
      ['https://shop.example/menu', 'next'],
    ]);
    expect(Object.fromEntries(new URLSearchParams(rs[0].body))).toEqual({
      __EVENTTARGET: 'ctl00$Main$gv',
      __EVENTARGUMENT: 'Page$2',
      __VIEWSTATE: 'dDwtMTA4',
      __EVENTVALIDATION: 'ev1',
      q: '',
    });
  });

  it('WebForm_DoPostBackWithOptions links; a link outside the form posts the page form', () => {
    const html = `${webForm('')}<a href="javascript:WebForm_DoPostBackWithOptions(new WebForm_PostBackOptions(&quot;ctl00$Pager$lnkNext&quot;, &quot;&quot;, true, &quot;&quot;, &quot;&quot;, false, true))">Next</a>`;
    const [r] = postbackRequests(html, BASE);
    expect(r.label).toBe('next');
    expect(new URLSearchParams(r.body).get('__EVENTTARGET')).toBe('ctl00$Pager$lnkNext');
  });

  it('POST forms whose submit buttons are page numbers (a hidden page field, a named button); not other buttons', () => {
    const html = `<form method="post" action="/menu"><input type="hidden" name="page" value="2"><button type="submit">2</button></form><form method="post"><button type="submit" name="paged" value="3">3</button><button type="submit" name="paged" value="4" class="next">→</button><button type="button">5</button></form><form method="post" action="/cart"><button name="add" value="9">Add to cart</button></form>`;
    expect(postbackRequests(html, BASE).map((r) => [r.url, r.body, r.label])).toEqual([
      ['https://shop.example/menu', 'page=2', '2'],
      ['https://shop.example/menu', 'paged=3', '3'],
      ['https://shop.example/menu', 'paged=4', 'next'],
    ]);
  });

  it('a form posting to another origin, or a GET form, sends nothing', () => {
    expect(postbackRequests('<form method="post" action="https://evil.example/x"><button>2</button></form>', BASE)).toEqual([]);
    expect(postbackRequests('<form action="/menu"><button>2</button></form>', BASE)).toEqual([]);
  });
});

describe('scrapeMenu: a WebForms pager', () => {
  const hits: string[] = [];
  const names = ['Blue Dream 3.5g', 'Sour Diesel 1g', 'OG Kush 3.5g', 'Mint Gummies 100mg', 'Lemon Haze 1g', 'Gelato 3.5g'];
  const pageOf = (n: number) =>
    `<html><body>${webForm('').replace(
      '<ul><li>Blue Dream $30.00</li></ul>',
      `<ul>${names
        .slice((n - 1) * 2, n * 2)
        .map((x, i) => `<li class="item"><h3>${x}</h3><span class="price">$${10 + (n - 1) * 2 + i}.00</span></li>`)
        .join('')}</ul>${[1, 2, 3].map((k) => (k === n ? `<span>${k}</span>` : `<a href="javascript:__doPostBack('gv','Page$${k}')">${k}</a>`)).join(' ')}`,
    )}</body></html>`;
  const site = useLoopbackServer(
    (req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        hits.push(`${req.method} ${req.url}`);
        const arg = new URLSearchParams(body).get('__EVENTARGUMENT') ?? '';
        const n = req.method === 'POST' ? Number(/^Page\$(\d)$/.exec(arg)?.[1] ?? 0) : 1;
        res.writeHead(n ? 200 : 500, { 'content-type': 'text/html' });
        res.end(n ? pageOf(n) : 'bad postback');
      });
    },
    () => {
      hits.length = 0;
    },
  );

  it('every page posted once, over plain HTTP', async () => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    const r = await scrapeMenu({ menuUrls: [`http://127.0.0.1:${site.port}/menu`], model: null, screenshot: false });
    expect(r.products.map((p) => p.rawName)).toEqual(names);
    expect(hits).toEqual(['GET /menu', 'POST /menu', 'POST /menu']);
    expect(r.usedBrowser).toBe(false);
  });

  it('every POST passes the address guard: a name that turns link-local after the first page is never posted to', async () => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    let lookups = 0;
    const resolver: Resolver = async () => [{ address: lookups++ === 0 ? '127.0.0.1' : '169.254.169.254', family: 4 }];
    const r = await scrapeMenu({ menuUrls: [`http://menu.example:${site.port}/menu`], model: null, screenshot: false, resolver });
    expect(r.products.map((p) => p.rawName)).toEqual(names.slice(0, 2));
    expect(hits).toEqual(['GET /menu']);
  });
});
