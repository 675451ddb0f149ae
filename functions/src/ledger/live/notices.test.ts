import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerChange } from '@wayfare/contract';
import { firestoreLedgerNotices, ledgerNoticesPath } from '../../store/firestore/ledger-notice';
import { startTestFirestore, type TestFirestore } from '../../../test-support/test-firestore';
import { createLedgerEvents, type LedgerEvent } from './events';
import { ledgerNotices } from './notices';

const change = (tripId: string): LedgerChange => ({
  kind: 'expense.created',
  trip_id: tripId,
  subject_id: `${tripId}~e1`,
  at: new Date().toISOString(),
});

describe('the one notices port', () => {
  let firestore: TestFirestore;
  beforeAll(async () => {
    firestore = await startTestFirestore();
  });
  afterAll(() => firestore.stop());

  it("tells the process's live streams, and keeps the notice where the store keeps them", async () => {
    const events = createLedgerEvents();
    const heard: LedgerEvent[] = [];
    events.subscribe('t-notices', (event) => heard.push(event));
    const warnings: string[] = [];
    const notices = ledgerNotices(events, firestoreLedgerNotices(firestore.db), (_err, message) =>
      warnings.push(message),
    );
    await notices.changed(change('t-notices'));
    await notices.changed(change('t-notices'));
    expect(heard.map((event) => event.change.kind)).toEqual(['expense.created', 'expense.created']);
    const kept = await firestore.db.collection(ledgerNoticesPath('t-notices')).get();
    expect(kept.docs.reduce((sum, doc) => sum + (doc.get('version') as number), 0)).toBe(2);
    expect(warnings).toEqual([]);
  });

  it('tells only the live streams where the store keeps no notices (embedded)', async () => {
    const events = createLedgerEvents();
    const heard: LedgerEvent[] = [];
    events.subscribe('t-embedded', (event) => heard.push(event));
    await ledgerNotices(events, undefined, () => {}).changed(change('t-embedded'));
    expect(heard).toHaveLength(1);
  });

  it('answers a committed write as done when its notice cannot be kept, and says so', async () => {
    const closed = await startTestFirestore();
    await closed.stop();
    const events = createLedgerEvents();
    const heard: LedgerEvent[] = [];
    events.subscribe('t-closed', (event) => heard.push(event));
    const warnings: string[] = [];
    const notices = ledgerNotices(events, firestoreLedgerNotices(closed.db), (_err, message) =>
      warnings.push(message),
    );
    await expect(notices.changed(change('t-closed'))).resolves.toBeUndefined();
    expect(heard).toHaveLength(1);
    expect(warnings).toEqual(['a ledger change notice was not kept']);
  });
});
