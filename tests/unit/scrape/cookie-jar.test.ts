import { describe, expect, it } from 'vitest';
import { CookieJar } from '@/lib/scrape/cookie-jar';

const NOW = Date.UTC(2026, 10, 28, 12);

describe('the scan cookie jar sends a cookie where a browser would', () => {
  it('keeps a host-only cookie to its host, a Domain cookie to the domain and its subdomains', () => {
    const jar = new CookieJar();
    jar.store('https://menu.shop.example/set', ['a=1', 'b=2; Domain=.shop.example'], NOW);
    expect(jar.header('https://menu.shop.example/', NOW)).toBe('a=1; b=2');
    expect(jar.header('https://shop.example/', NOW)).toBe('b=2');
    expect(jar.header('https://api.shop.example/', NOW)).toBe('b=2');
    expect(jar.header('https://notshop.example/', NOW)).toBeNull();
  });

  it('refuses a Domain that is another site or a whole top-level domain', () => {
    const jar = new CookieJar();
    jar.store('https://shop.example/', ['x=1; Domain=other.example', 'y=2; Domain=example', 'z=3; Domain=sub.shop.example'], NOW);
    expect(jar.header('https://shop.example/', NOW)).toBeNull();
    expect(jar.header('https://other.example/', NOW)).toBeNull();
    expect(jar.header('https://sub.shop.example/', NOW)).toBeNull();
  });

  it('sends a cookie under its Path only, longer paths first, the default path the directory of the answer', () => {
    const jar = new CookieJar();
    jar.store('https://shop.example/menu/flower', ['dir=1', 'root=2; Path=/', 'deep=3; Path=/menu/flower'], NOW);
    expect(jar.header('https://shop.example/menu/flower?page=2', NOW)).toBe('deep=3; dir=1; root=2');
    expect(jar.header('https://shop.example/menu/vapes', NOW)).toBe('dir=1; root=2');
    // '/menu' covers '/menu/x' but not '/menus'.
    expect(jar.header('https://shop.example/menus', NOW)).toBe('root=2');
    expect(jar.header('https://shop.example/', NOW)).toBe('root=2');
  });

  it('drops a cookie at its Max-Age or Expires, Max-Age winning, and deletes by an expired one', () => {
    const jar = new CookieJar();
    jar.store('https://shop.example/', ['short=1; Max-Age=60', 'dated=2; Expires=Sat, 28 Nov 2026 13:00:00 GMT', 'both=3; Max-Age=10; Expires=Sat, 28 Nov 2027 13:00:00 GMT'], NOW);
    expect(jar.header('https://shop.example/', NOW)).toBe('short=1; dated=2; both=3');
    expect(jar.header('https://shop.example/', NOW + 30_000)).toBe('short=1; dated=2');
    expect(jar.header('https://shop.example/', NOW + 3_600_000)).toBeNull();
    jar.store('https://shop.example/', ['gone=1', 'gone=; Expires=Thu, 01 Jan 1970 00:00:00 GMT', 'neg=1', 'neg=; Max-Age=-1'], NOW);
    expect(jar.header('https://shop.example/', NOW)).toBe('short=1; dated=2; both=3');
  });

  it('sends Secure cookies over HTTPS or to a loopback host only', () => {
    const jar = new CookieJar();
    jar.store('https://shop.example/', ['s=1; Secure', 'p=2'], NOW);
    expect(jar.header('http://shop.example/', NOW)).toBe('p=2');
    expect(jar.header('https://shop.example/', NOW)).toBe('s=1; p=2');
    jar.store('http://127.0.0.1:4000/', ['l=1; Secure'], NOW);
    expect(jar.header('http://127.0.0.1:4000/menu', NOW)).toBe('l=1');
  });

  it('does not send a Domain cookie to an IP address under it, and ignores the port', () => {
    const jar = new CookieJar();
    jar.store('http://127.0.0.1:4000/', ['k=1'], NOW);
    expect(jar.header('http://127.0.0.1:5000/', NOW)).toBe('k=1');
    expect(jar.header('http://127.0.0.2:4000/', NOW)).toBeNull();
  });

  it('stays bounded when a shop sets thousands of cookies', () => {
    const jar = new CookieJar();
    jar.store(
      'https://shop.example/',
      Array.from({ length: 1000 }, (_, i) => `c${i}=${i}`),
      NOW,
    );
    const sent = jar.header('https://shop.example/', NOW)?.split('; ') ?? [];
    expect(sent.length).toBe(300);
    expect(sent.at(-1)).toBe('c999=999');
  });
});
