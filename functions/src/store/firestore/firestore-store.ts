import type { Firestore } from 'firebase-admin/firestore';
import type { Store } from '../types';
import { firestoreActivity, firestoreBudgets } from './activity';
import { firestoreGuests } from './guests';
import { firestoreHouseholds } from './households';
import { firestoreInvitations } from './invitations';
import { firestoreLinks } from './links';
import { firestoreIdempotency } from './idempotency';
import { firestoreInviteLinks } from './invite-links';
import { firestoreLedgerNotices } from './ledger-notice';
import { firestorePlans } from './plans';
import { firestoreReceipts } from './receipts';
import { firestoreLedger } from './ledger';
import { firestoreMembers, firestoreTrips } from './trips';
import { firestoreUsers } from './users';

/** The Firestore adapter: one collection tree per trip (see ARCHITECTURE.md "Store"). */
export function createFirestoreStore(db: Firestore): Store {
  return {
    users: firestoreUsers(db),
    trips: firestoreTrips(db),
    members: firestoreMembers(db),
    guests: firestoreGuests(db),
    households: firestoreHouseholds(db),
    invitations: firestoreInvitations(db),
    inviteLinks: firestoreInviteLinks(db),
    ledger: firestoreLedger(db),
    receipts: firestoreReceipts(db),
    plans: firestorePlans(db),
    links: firestoreLinks(db),
    idempotency: firestoreIdempotency(db),
    activity: firestoreActivity(db),
    budgets: firestoreBudgets(db),
    notices: firestoreLedgerNotices(db),
    changeCount() {
      return null;
    },
    async ping() {
      // A point read: cheap, needs no index, and fails when the database is unreachable.
      await db.doc('_health/ping').get();
    },
    async close() {
      await db.terminate();
    },
  };
}
