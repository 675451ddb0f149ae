import { describe, expect, it } from 'vitest';
import {
  EXPENSE_PAGE_DEFAULT,
  EXPENSE_PAGE_MAX,
  PROVIDE_IDENTIFIER,
  addParticipantBodySchema,
  decodeExpenseCursor,
  encodeExpenseCursor,
  expenseBodySchema,
  expenseListQuerySchema,
  looksLikeEmail,
} from './split';

const valid = { title: ' Dinner ', amount: '45.5', expense_date: '2027-04-11', paid_by: 'u1' };

describe('expenseBodySchema', () => {
  it('parses dollars to cents once and applies the spec defaults', () => {
    expect(expenseBodySchema.parse(valid)).toEqual({
      title: 'Dinner',
      description: '',
      amount: 4550,
      expense_date: '2027-04-11',
      category: 'food',
      paid_by: 'u1',
      expense_type: 'group',
    });
    const withShares = expenseBodySchema.parse({
      ...valid,
      participants: [{ user_id: 'u1', share_amount: 45.5 }],
    });
    expect(withShares.participants).toEqual([{ user_id: 'u1', share_amount: 4550 }]);
  });

  it.each([
    [{ amount: 0 }, 'Enter a valid amount'],
    [{ amount: '-3' }, 'Amount must be a dollar amount with at most 2 decimals'],
    [{ amount: '1.999' }, 'Amount must be a dollar amount with at most 2 decimals'],
    [{ title: '  ' }, 'Title is required'],
    [{ expense_date: '2027-02-30' }, 'That date does not exist'],
    [{ category: 'boats' }, 'Choose a category'],
    [{ expense_type: 'whatever' }, 'Choose how to split'],
    [
      {
        splits: [
          { user_id: 'a', amount: 1 },
          { user_id: 'a', amount: 2 },
        ],
      },
      'Each person may appear only once in a split',
    ],
  ])('rejects %j with "%s"', (patch, message) => {
    const result = expenseBodySchema.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('addParticipantBodySchema', () => {
  it('needs an email or a username', () => {
    expect(addParticipantBodySchema.safeParse({ email: '  ' }).error?.issues[0]?.message).toBe(
      PROVIDE_IDENTIFIER,
    );
    expect(addParticipantBodySchema.parse({ username: ' bea ' })).toEqual({ username: 'bea' });
  });

  it('tells emails from usernames', () => {
    expect(looksLikeEmail('bea@example.com')).toBe(true);
    expect(looksLikeEmail('bea_travels')).toBe(false);
    expect(looksLikeEmail('bea@home')).toBe(false);
  });
});

describe('expense list query', () => {
  const at = { expense_date: '2027-04-11', created_at: '2027-04-11T10:00:00.000Z', id: 'trip~ü/é 1' };

  it('round-trips a cursor through an opaque, URL-safe string and defaults the page size', () => {
    const cursor = encodeExpenseCursor(at);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeExpenseCursor(cursor)).toEqual(at);
    expect(expenseListQuerySchema.parse({ cursor, limit: '20' })).toEqual({ cursor: at, limit: 20 });
    expect(expenseListQuerySchema.parse({})).toEqual({ limit: EXPENSE_PAGE_DEFAULT });
  });

  it.each([
    [{ limit: '0' }],
    [{ limit: String(EXPENSE_PAGE_MAX + 1) }],
    [{ limit: '2.5' }],
    [{ cursor: '' }],
    [{ cursor: '%%%' }],
    [{ cursor: encodeExpenseCursor({ ...at, created_at: 'noon' }) }],
    [{ cursor: ['a', 'b'] }],
  ])('rejects %j', (query) => {
    expect(expenseListQuerySchema.safeParse(query).success).toBe(false);
  });
});
