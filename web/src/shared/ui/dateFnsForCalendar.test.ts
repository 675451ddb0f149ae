import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const forCalendar = createRequire(import.meta.url)('./dateFnsForCalendar.cjs') as Record<string, unknown>;

/** Every `_dateFns.name` react-date-range's CommonJS build calls (its tests aside). */
function namesUsedByTheCalendar(): string[] {
  const dist = path.dirname(createRequire(import.meta.url).resolve('react-date-range'));
  const files = (fs.readdirSync(dist, { recursive: true }) as string[]).filter(
    (file) => file.endsWith('.js') && !file.endsWith('.test.js'),
  );
  const names = new Set<string>();
  for (const file of files)
    for (const [, name] of fs.readFileSync(path.join(dist, file), 'utf8').matchAll(/_dateFns\.(\w+)/g))
      names.add(name as string);
  return [...names].sort();
}

describe('the date-fns the calendar is built with', () => {
  it('has every function react-date-range calls', () => {
    const used = namesUsedByTheCalendar();
    expect(used.length).toBeGreaterThan(20);
    for (const name of used) expect(typeof forCalendar[name], name).toBe('function');
  });
});
