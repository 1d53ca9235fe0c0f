import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { categoriesHash, domainFor } from '@/lib/shopping/domain';
import { normalizeDomainParam } from '@/lib/shopping/scan-token';

describe('domain rule (docs/contract.md §6)', () => {
  it.each([
    ['https://www.greenleaf.com/menu', 'greenleaf.com'],
    ['https://shop.menu.greenleaf.co.uk/flower?x=1', 'greenleaf.co.uk'],
    ['http://GreenLeaf.COM:80/menu', 'greenleaf.com'],
    ['https://store.example.com:8443/menu', 'example.com'],
    ['http://127.0.0.1:4321/menu', '127.0.0.1:4321'],
    ['http://127.0.0.1/menu', '127.0.0.1'],
    ['https://127.0.0.1:443/', '127.0.0.1'],
    ['http://localhost:3000/shop', 'localhost:3000'],
    ['http://localhost/shop', 'localhost'],
    ['http://[::1]:8080/menu', '[::1]:8080'],
    ['https://dispensary.github.io/menu', 'dispensary.github.io'], // private PSL section: tenants stay apart
    ['https://greenleaf.myshopify.com/collections/flower', 'greenleaf.myshopify.com'],
  ])('%s → %s', (url, expected) => {
    expect(domainFor(url)).toBe(expected);
  });

  it.each([
    ['www.GreenLeaf.com', 'greenleaf.com'],
    ['https://greenleaf.com/', 'greenleaf.com'],
    ['localhost:3000', 'localhost:3000'],
    ['127.0.0.1:4000', '127.0.0.1:4000'],
  ])('typed domain %s → %s', (raw, expected) => {
    expect(normalizeDomainParam(raw)).toBe(expected);
  });
});

describe('categoriesHash', () => {
  const sha16 = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 16);
  it('lower-cases, trims, de-duplicates, sorts and joins by comma', () => {
    expect(categoriesHash([' Flower', 'edibles', 'flower ', 'Vape'])).toBe(sha16('edibles,flower,vape'));
  });
  it('is order independent and 16 hex characters', () => {
    const a = categoriesHash(['vape', 'flower']);
    expect(a).toBe(categoriesHash(['Flower', 'VAPE']));
    expect(a).toMatch(/^[0-9a-f]{16}$/);
  });
  it('no categories hashes the empty string', () => {
    expect(categoriesHash(undefined)).toBe(sha16(''));
    expect(categoriesHash([])).toBe(sha16(''));
    expect(categoriesHash(['  '])).toBe(sha16(''));
  });
});
