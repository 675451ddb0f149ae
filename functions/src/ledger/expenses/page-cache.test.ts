import { describe, expect, it } from 'vitest';
import { cacheFigures } from '../../cache-budgets';
import { createExpensePageCache, type SharedPage } from './page-cache';
import { jsonObject, jsonOf, type JsonFields } from '../../http/typed-json';

const figureOf = (name: string) => cacheFigures().find((cache) => cache.name === name);

/** A page of `bytes` of expenses JSON (the other fields as a page has them). */
const pageOf = (bytes: number): JsonFields<SharedPage> => ({
  expenses: jsonOf(['x'.repeat(bytes)]) as unknown as JsonFields<SharedPage>['expenses'],
  next_cursor: jsonOf(null),
  expense_count: jsonOf(1),
  total_expenses_cents: jsonOf(100),
  total_expenses: jsonOf(1),
  home_currency: jsonOf('EUR'),
});

describe('the expense page cache', () => {
  it('keeps pages and their encodings within its budget in bytes, least recently used out first', () => {
    const pages = createExpensePageCache(256 * 1024);
    // 40 pages of 20 kB: 800 kB asked to be kept in 128 kB of pages and 128 kB of encoded bodies.
    for (let version = 1; version <= 40; version += 1) {
      const key = pages.key('trip', version, '50\n');
      const page = pages.set(key, pageOf(20_000));
      pages.encode(page.etag, 'gzip', () => jsonObject({ ...page.parts, your_share_cents: jsonOf(0) }));
      pages.encode(page.etag, null, () => jsonObject({ ...page.parts, your_share_cents: jsonOf(0) }));
      for (const name of ['expense pages', 'expense pages encoded']) {
        const figure = figureOf(name);
        expect(figure?.bytes).toBeGreaterThan(0);
        expect(figure!.bytes).toBeLessThanOrEqual(figure!.budget_bytes);
      }
    }
    expect(figureOf('expense pages')).toMatchObject({ budget_bytes: 128 * 1024, entries: 6 });
    expect(pages.get(pages.key('trip', 40, '50\n'))).toBeDefined();
    expect(pages.get(pages.key('trip', 1, '50\n'))).toBeUndefined();
  });
});
