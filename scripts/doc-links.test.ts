import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every relative link in the documentation resolves: the file or folder exists, and a `#anchor` into a Markdown file
 * names one of its headings (GitHub's slugs). Links to other sites and `mailto:` are left alone.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function markdownUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return markdownUnder(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** The documents checked: the top-level guides and everything under docs/. */
export function documents(): string[] {
  const top = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md'].map((name) => join(root, name));
  return [...top.filter((path) => existsSync(path)), ...markdownUnder(join(root, 'docs'))];
}

/** The text outside fenced code blocks. */
function unfenced(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** Text outside code blocks and inline code, where a link is a link. */
function prose(markdown: string): string {
  return unfenced(markdown)
    .replace(/``[^`]*``/g, '')
    .replace(/`[^`\n]*`/g, '');
}

/** Targets of inline links and images, `[text](target)` and `[text](<target> "title")`, and reference definitions. */
export function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? '');
  const references = [...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*(\S+)/gm)].map((m) => m[1] ?? '');
  return [...inline, ...references].map((target) => target.replace(/^<|>$/g, ''));
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens, repeats numbered -1, -2, … */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const match of unfenced(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug((match[1] ?? '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const match of markdown.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) found.add(match[1] ?? '');
  return found;
}

/** What is wrong with one link from `file`, or null when it resolves. */
export function brokenLink(file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return null;
  const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
  const path = decodeURIComponent(pathPart);
  const destination = path === '' ? file : resolve(dirname(file), path);
  if (!existsSync(destination)) return `${target}: no such file`;
  if (anchor === undefined || anchor === '') return null;
  if (!destination.endsWith('.md') || statSync(destination).isDirectory()) return null;
  const headings = anchors(readFileSync(destination, 'utf8'));
  return headings.has(decodeURIComponent(anchor).toLowerCase()) ? null : `${target}: no heading #${anchor}`;
}

describe('documentation links', () => {
  it('finds the documents', () => {
    expect(documents().map((path) => relative(root, path))).toEqual(
      expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', join('docs', 'README.md')]),
    );
  });

  it('makes slugs as GitHub does', () => {
    expect(slug('Code layout and boundaries')).toBe('code-layout-and-boundaries');
    expect(slug('Ledger writes on Firestore: shards, one delta')).toBe(
      'ledger-writes-on-firestore-shards-one-delta',
    );
    expect(slug('`npm test` and CI')).toBe('npm-test-and-ci');
    expect(slug('Spec §4 — the overview card')).toBe('spec-4--the-overview-card');
    expect([...anchors('# A\n## B\n## B\n```\n# not a heading\n```\n')]).toEqual(['a', 'b', 'b-1']);
  });

  it('reports a link to a missing file or heading', () => {
    const readme = join(root, 'README.md');
    expect(brokenLink(readme, 'docs/no-such-page.md')).toMatch(/no such file/);
    expect(brokenLink(readme, 'docs/README.md#no-such-heading')).toMatch(/no heading/);
    expect(brokenLink(readme, 'https://example.com/missing')).toBeNull();
    expect(linkTargets('[a](x.md) `[b](y.md)` [c](<z w.md> "t")\n[d]: ref.md\n')).toEqual([
      'x.md',
      'z w.md',
      'ref.md',
    ]);
  });

  it.each(documents().map((path) => [relative(root, path), path]))(
    'every relative link in %s resolves',
    (_, path) => {
      const broken = linkTargets(readFileSync(path, 'utf8'))
        .map((target) => brokenLink(path, target))
        .filter((problem) => problem !== null);
      expect(broken).toEqual([]);
    },
  );
});
