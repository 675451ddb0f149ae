import { describe, expect, it } from 'vitest';
import { createLedgerEvents } from './events';

const change = (trip_id: string, subject_id: string) =>
  ({ kind: 'expense.created', trip_id, subject_id, at: '2027-04-11T10:00:00.000Z' }) as const;

describe('ledger events', () => {
  it('delivers to the trip subscribers only, until they unsubscribe', () => {
    const events = createLedgerEvents();
    const seen: string[] = [];
    const stop = events.subscribe('t1', (e) => seen.push(e.change.subject_id));
    events.subscribe('t2', () => seen.push('wrong trip'));
    events.emit(change('t1', 'a'));
    stop();
    events.emit(change('t1', 'b'));
    expect(seen).toEqual(['a']);
  });

  it("replays a trip's events after a given id, and refuses ids it cannot vouch for", () => {
    const events = createLedgerEvents();
    const start = events.cursor();
    const first = events.emit(change('t1', 'a'));
    events.emit(change('t2', 'x'));
    const third = events.emit(change('t1', 'b'));
    expect(events.since('t1', start)?.map((e) => e.change.subject_id)).toEqual(['a', 'b']);
    expect(events.since('t1', first.id)?.map((e) => e.id)).toEqual([third.id]);
    expect(events.since('t1', third.id)).toEqual([]);
    expect(events.since('t1', 'otherepoch-1')).toBeNull();
    expect(events.since('t1', `${start.split('-')[0]}-999`)).toBeNull();
    expect(events.since('t1', 'garbage')).toBeNull();
  });

  it('asks for a resync once the replay window no longer covers the gap', () => {
    const events = createLedgerEvents();
    const start = events.cursor();
    for (let i = 0; i < 250; i++) events.emit(change('t1', String(i)));
    expect(events.since('t1', start)).toBeNull();
    const recent = events.since('t1', `${start.split('-')[0]}-240`);
    expect(recent?.map((e) => e.change.subject_id)).toEqual([
      '240',
      '241',
      '242',
      '243',
      '244',
      '245',
      '246',
      '247',
      '248',
      '249',
    ]);
  });
});
