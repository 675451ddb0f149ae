import {
  FieldValue,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import type { LedgerDelta, PersonDelta } from '../decisions/ledger-delta';
import { counterAt, withLegacyNames } from './legacy-names';

/**
 * trips/{tripId}/ledger_shards/{0..7}: the running figures every ledger write moves, spread over SHARD_COUNT
 * documents so that no document is written by every write (real Firestore sustains about one write per second per
 * document, and transactions writing one document queue behind each other). A write adds its whole delta
 * (ledger-delta.ts) to one shard, picked from the expense id; reads add the shards up. Each shard holds
 *   expense_count, total_expenses_minor (an older shard also has total_expenses_cents, added: legacy-names.ts),
 *   version (+1 per write),
 *   share_{id}, paid_{id}, refs_{id}: a person's share total, paid total and count of expenses naming them, where
 *   {id} is their user id in hex (personField): top-level fields with plain names, which every emulator increments
 *   (the Node.js one transforms no nested field) and a field mask can pick one person's of.
 * What the trip document (counters, ledger_version) and trips/{id}/people/{userId} (ledger-people.ts) held before
 * shards existed is the base the shards add to: a trip's figures are base + Σ shards, so nothing is migrated.
 * docs/decisions/0006-firestore-ledger-shards-and-one-ledger-delta.md has the reasoning.
 */
export const LEDGER_SHARDS = 'ledger_shards';
export const SHARD_COUNT = 8;

/** FNV-1a of the key, so a key always lands on the same shard and ids spread evenly. */
export function shardOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % SHARD_COUNT;
}

const shardsOf = (db: Firestore, tripId: string) =>
  db.collection('trips').doc(tripId).collection(LEDGER_SHARDS);

const PERSON_FIELDS = { share_minor: 'share', paid_minor: 'paid', ledger_refs: 'refs' } as const;
const PERSON_FIELD = /^(share|paid|refs)_((?:[0-9a-f]{2})+)$/;

/** The shard field holding one of a person's figures. */
export const personField = (userId: string, figure: keyof PersonDelta) =>
  `${PERSON_FIELDS[figure]}_${Buffer.from(userId, 'utf8').toString('hex')}`;

/** Every shard's reference, existing or not: what a transaction reads to conflict with any ledger write. */
export const ledgerShardRefs = (db: Firestore, tripId: string) =>
  Array.from({ length: SHARD_COUNT }, (_, n) => shardsOf(db, tripId).doc(String(n)));

/** Adds `delta` to the shard `key` picks, blind (no read), in `tx`; the shard's version moves by one. */
export function writeLedgerDelta(
  tx: Transaction,
  db: Firestore,
  tripId: string,
  key: string,
  delta: LedgerDelta,
): void {
  const people = [...delta.people].flatMap(([userId, person]) =>
    (Object.keys(PERSON_FIELDS) as Array<keyof PersonDelta>)
      .filter((figure) => person[figure] !== 0)
      .map((figure) => [personField(userId, figure), FieldValue.increment(person[figure])]),
  );
  tx.set(
    shardsOf(db, tripId).doc(String(shardOf(key))),
    {
      expense_count: FieldValue.increment(delta.expense_count),
      total_expenses_minor: FieldValue.increment(delta.total_expenses_minor),
      version: FieldValue.increment(1),
      ...Object.fromEntries(people),
    },
    { merge: true },
  );
}

/** A trip's shards added up. */
export interface ShardSums {
  expense_count: number;
  total_expenses_minor: number;
  version: number;
  people: Map<string, PersonDelta>;
}

const FIGURE_OF = { share: 'share_minor', paid: 'paid_minor', refs: 'ledger_refs' } as const;

const numberAt = (doc: DocumentSnapshot, field: string) => (doc.get(field) as number | undefined) ?? 0;

export function sumShards(docs: ReadonlyArray<DocumentSnapshot | undefined>): ShardSums {
  const sums: ShardSums = { expense_count: 0, total_expenses_minor: 0, version: 0, people: new Map() };
  for (const doc of docs) {
    if (!doc?.exists) continue;
    sums.expense_count += numberAt(doc, 'expense_count');
    sums.total_expenses_minor += counterAt(doc, 'total_expenses_minor');
    sums.version += numberAt(doc, 'version');
    for (const [field, value] of Object.entries(doc.data() ?? {})) {
      const [, figure, hex] = PERSON_FIELD.exec(field) ?? [];
      if (!figure || !hex) continue;
      const userId = Buffer.from(hex, 'hex').toString('utf8');
      const sum = sums.people.get(userId) ?? { share_minor: 0, paid_minor: 0, ledger_refs: 0 };
      const key = FIGURE_OF[figure as keyof typeof FIGURE_OF];
      sum[key] += typeof value === 'number' ? value : 0;
      sums.people.set(userId, sum);
    }
  }
  return sums;
}

/** Inside a transaction: every shard by reference, so a concurrent ledger write conflicts with it. */
export async function shardSumsIn(tx: Transaction, db: Firestore, tripId: string): Promise<ShardSums> {
  return sumShards(await tx.getAll(...ledgerShardRefs(db, tripId)));
}

/**
 * Outside a transaction: the shards that exist (a query is charged one read per document found, at least one),
 * with only the fields asked for (personField for a person's figures).
 */
export async function shardSums(
  db: Firestore,
  tripId: string,
  fields: string[] = ['expense_count', 'total_expenses_minor', 'version'],
): Promise<ShardSums> {
  return sumShards(
    (
      await shardsOf(db, tripId)
        .select(...withLegacyNames(...fields))
        .get()
    ).docs,
  );
}

/** The trip fields the shards add to (the trip document's own values are their base). */
type LedgerCounters = { expense_count: number; total_expenses_minor: number; ledger_version: number };

/** `trip` with its shards added to its counters and version. */
export function withShardCounters<T extends LedgerCounters>(trip: T, sums: ShardSums): T {
  return {
    ...trip,
    expense_count: (trip.expense_count ?? 0) + sums.expense_count,
    total_expenses_minor: (trip.total_expenses_minor ?? 0) + sums.total_expenses_minor,
    ledger_version: (trip.ledger_version ?? 0) + sums.version,
  };
}

/** `trip` read with its shards: the one way a trip's counters are answered. */
export async function addShardCounters<T extends LedgerCounters & { id: string }>(
  db: Firestore,
  trip: T,
): Promise<T> {
  return withShardCounters(trip, await shardSums(db, trip.id));
}
