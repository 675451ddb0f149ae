import { z } from 'zod';
import { expenseSchema } from './expenses';

/**
 * Conditional writes of an expense (RFC 9110 §13.1.1). Every expense has a `version`, a whole number that starts at
 * 1 and moves by one on every edit; single-expense answers carry it as a strong entity tag (`ETag: "3"`). A PUT or
 * DELETE sent with `If-Match` happens only while the expense is still at one of the versions it names (`*`: any);
 * otherwise nothing is written and the answer is 412 with the current expense. Without `If-Match` the last write
 * wins, as the spec's clients expect.
 */

export const BAD_IF_MATCH = 'If-Match must be * or a list of entity tags such as "3"';
export const EXPENSE_CHANGED =
  'Someone changed this expense after you opened it, so your change was not saved. Here is the current version.';

/** The entity tag of an expense version, as sent in `ETag` and `If-Match`. */
export const expenseETag = (version: number) => `"${version}"`;

/** RFC 9110's entity-tag: an optional weak prefix, then any visible characters but `"` between double quotes. */
const ENTITY_TAG = /^(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"$/;
const VERSION = /^[1-9]\d{0,14}$/;

/**
 * What `If-Match` asks for: any current version (`*`), or the versions its strong tags name. A weak tag or a tag
 * this API never makes is well formed but matches nothing (If-Match compares strongly), so the write is refused.
 */
export type IfMatch = { any: true } | { any: false; versions: number[] };

function ifMatchOf(value: string): IfMatch | null {
  if (value.trim() === '*') return { any: true };
  // Empty list elements are ignored (RFC 9110 §5.6.1), but a list needs one tag at least.
  const members = value
    .split(',')
    .map((member) => member.trim())
    .filter(Boolean);
  if (members.length === 0) return null;
  const versions: number[] = [];
  for (const member of members) {
    const tag = ENTITY_TAG.exec(member);
    if (!tag) return null;
    const [, weak, opaque = ''] = tag;
    if (!weak && VERSION.test(opaque)) versions.push(Number(opaque));
  }
  return { any: false, versions };
}

/** The conditional-write headers of an expense PUT or DELETE, as Node names them (lower case). */
export const expenseWriteHeadersSchema = z.object({
  'if-match': z
    .string({ error: BAD_IF_MATCH })
    .transform((value, ctx) => {
      const ifMatch = ifMatchOf(value);
      if (!ifMatch) {
        ctx.addIssue({ code: 'custom', message: BAD_IF_MATCH });
        return z.NEVER;
      }
      return ifMatch;
    })
    .optional(),
});

/** Who made a version of an expense. */
export const changedBySchema = z.object({
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type ChangedBy = z.infer<typeof changedBySchema>;

/** The 412 answer: the expense as it is now, who made this version and when. */
export const expenseConflictSchema = z.object({
  error: z.string(),
  expense: expenseSchema,
  changed_by: changedBySchema,
  changed_at: z.string(),
});
export type ExpenseConflict = z.infer<typeof expenseConflictSchema>;
