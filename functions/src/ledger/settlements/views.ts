/** A settlement as the API answers it, its amount in the trip's home currency. */
import { minorToMajor, type LedgerPerson, type Settlement } from '@wayfare/contract';
import type { SettlementRecord } from '../../store/types';

export function toSettlement(
  record: SettlementRecord,
  person: (id: string) => LedgerPerson,
  home: string,
): Settlement {
  return {
    id: record.id,
    trip_id: record.trip_id,
    amount_cents: record.amount_minor,
    amount: minorToMajor(record.amount_minor, home),
    settled_at: record.settled_at,
    payer: person(record.from_user_id),
    payee: person(record.to_user_id),
    created_at: record.created_at,
  };
}
