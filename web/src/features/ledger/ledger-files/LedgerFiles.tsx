import { useId, useState, type ChangeEvent } from 'react';
import { Download, Upload } from 'lucide-react';
import {
  IMPORT_MAX_CHARS,
  formatMoney,
  type ImportPreview,
  type Participant,
  type SplitwiseImportBody,
} from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { userLocale } from '@/shared/locale';
import { Button } from '@/shared/ui/Button';
import { Modal } from '@/shared/ui/Modal';
import { Notice } from '@/shared/ui/Notice';
import { CATEGORY, personName } from '../categories';
import { useHomeMoney } from '../homeCurrency';
import { useImportLedger } from './ledgerFileMutations';
import { ledgerApi } from '../ledgerApi';
import split from '@/shared/ui/Ledger.module.css';
import styles from './LedgerFiles.module.css';

/** Saves a downloaded file through a temporary link: the browser's own download, no new tab. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** "3 expenses and 1 payment": what an import adds, counted. */
const counted = (expenses: number, payments: number) =>
  [
    expenses > 0 || payments === 0 ? `${expenses} ${expenses === 1 ? 'expense' : 'expenses'}` : '',
    payments > 0 ? `${payments} ${payments === 1 ? 'payment' : 'payments'}` : '',
  ]
    .filter(Boolean)
    .join(' and ');

/** The confirm button, short enough to sit beside Cancel on a phone: "Import 2 expenses", or "Import 3 rows". */
const importLabel = (expenses: number, payments: number) =>
  payments === 0 ? `Import ${counted(expenses, 0)}` : `Import ${expenses + payments} rows`;

/**
 * Export (CSV, JSON) and import (a Splitwise group export, or a ledger exported here as CSV) of the trip's ledger,
 * above its expenses.
 */
export function LedgerFiles({ tripId, participants }: { tripId: string; participants: Participant[] }) {
  const [busy, setBusy] = useState<'csv' | 'json' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [imported, setImported] = useState<string | null>(null);

  const download = async (format: 'csv' | 'json') => {
    setBusy(format);
    setError(null);
    try {
      const { blob, fileName } = await ledgerApi.exportLedger(tripId, format);
      saveFile(blob, fileName ?? `ledger.${format}`);
    } catch (err) {
      setError(errorMessage(err, 'Failed to export the expenses'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <div className={styles.bar}>
        <Button
          variant="secondary"
          loading={busy === 'csv'}
          loadingText="Exporting…"
          disabled={busy !== null}
          onClick={() => void download('csv')}
        >
          <Download size={18} aria-hidden="true" /> Export CSV
        </Button>
        <Button
          variant="secondary"
          loading={busy === 'json'}
          loadingText="Exporting…"
          disabled={busy !== null}
          onClick={() => void download('json')}
        >
          <Download size={18} aria-hidden="true" /> Export JSON
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setImported(null);
            setImporting(true);
          }}
        >
          <Upload size={18} aria-hidden="true" /> Import CSV
        </Button>
      </div>
      {error && <Notice tone="error">{error}</Notice>}
      {imported && <Notice tone="info">{imported}</Notice>}
      {importing && (
        <ImportDialog
          tripId={tripId}
          participants={participants}
          onClose={() => setImporting(false)}
          onImported={(expenses, payments) => {
            setImporting(false);
            setImported(`Imported ${counted(expenses, payments)}.`);
          }}
        />
      )}
    </>
  );
}

interface ImportDialogProps {
  tripId: string;
  participants: Participant[];
  onClose: () => void;
  onImported: (expenses: number, payments: number) => void;
}

/** Pick a CSV, see what it would create, say who unmatched names are (or leave them out), confirm. */
function ImportDialog({ tripId, participants, onClose, onImported }: ImportDialogProps) {
  const fileId = useId();
  const { money } = useHomeMoney();
  const [csv, setCsv] = useState<string | null>(null);
  const [mapping, setMapping] = useState<SplitwiseImportBody['mapping']>({});
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const importing = useImportLedger(tripId);

  const runPreview = async (text: string, nextMapping: SplitwiseImportBody['mapping']) => {
    setBusy('preview');
    setError(null);
    try {
      setPreview(await ledgerApi.previewImport(tripId, { csv: text, mapping: nextMapping }));
    } catch (err) {
      setPreview(null);
      setError(errorMessage(err, 'Failed to read the file'));
    } finally {
      setBusy(null);
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPreview(null);
    setMapping({});
    if (!file) return setCsv(null);
    const text = await file.text();
    if (text.length > IMPORT_MAX_CHARS) {
      setCsv(null);
      return setError('The file is too large to import at once');
    }
    setCsv(text);
    await runPreview(text, {});
  };

  const map = (name: string, value: string) => {
    const next = { ...mapping };
    if (value === '') delete next[name];
    else next[name] = value === 'skip' ? null : value;
    setMapping(next);
    if (csv) void runPreview(csv, next);
  };

  const confirm = async () => {
    if (!csv) return;
    setBusy('import');
    setError(null);
    try {
      const result = await importing.mutateAsync({ csv, mapping });
      onImported(result.created, result.payments.length);
    } catch (err) {
      setError(errorMessage(err, 'Failed to import the expenses'));
      setBusy(null);
    }
  };

  const nameOf = (userId: string) => {
    const p = participants.find((member) => member.user_id === userId);
    return p ? personName(p) : 'Someone';
  };
  const canImport = Boolean(
    preview && preview.unmatched.length === 0 && preview.expenses.length + preview.payments.length > 0,
  );
  // Members another name already stands for: each member is one name of the file at most.
  const taken = new Set(preview?.people.flatMap((p) => (p.user_id ? [p.user_id] : [])));

  return (
    <Modal
      open
      onClose={onClose}
      title="Import expenses"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!canImport || busy !== null}
            loading={busy === 'import'}
            loadingText="Importing…"
            onClick={() => void confirm()}
          >
            {preview && canImport ? importLabel(preview.expenses.length, preview.payments.length) : 'Import'}
          </Button>
        </>
      }
    >
      <div className={styles.dialog} aria-busy={busy === 'preview'}>
        <div className={styles.section}>
          <label className={split.field} htmlFor={fileId}>
            <span className={split.label}>Splitwise group export or ledger exported here (CSV)</span>
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            data-autofocus
            onChange={(e) => void choose(e)}
          />
          <p className={styles.hint}>
            In Splitwise, open the group and choose Export as spreadsheet; or choose a ledger exported here
            with Export CSV. Nothing is added until you confirm. Splitwise expenses in another currency are
            converted to the trip&apos;s at the reference rate of their date; settle-up payments are recorded
            as paid.
          </p>
        </div>
        {error && <Notice tone="error">{error}</Notice>}
        {busy === 'preview' && (
          <p className={styles.hint} role="status">
            Reading the file…
          </p>
        )}
        {preview && (
          <>
            <section className={styles.section} aria-labelledby={`${fileId}-people`}>
              <h3 id={`${fileId}-people`} className={styles.sectionTitle}>
                People
              </h3>
              {preview.unmatched.length > 0 && (
                <p className={styles.hint}>
                  Say who {preview.unmatched.length === 1 ? 'this name is' : 'these names are'}, or leave them
                  out (what they owe is then borne by whoever paid).
                </p>
              )}
              <div className={styles.mapping}>
                {preview.people.map((person) =>
                  person.matched_by === 'name' || person.matched_by === 'username' ? (
                    <div key={person.name} className={styles.mappingRow}>
                      <span>{person.name}</span>
                      <span className={styles.hint}>
                        {nameOf(person.user_id ?? '')} (matched by {person.matched_by})
                      </span>
                    </div>
                  ) : (
                    <label key={person.name} className={styles.mappingRow}>
                      <span>{person.name}</span>
                      <select
                        className={split.select}
                        aria-label={`Who is ${person.name}`}
                        value={person.skipped ? 'skip' : (person.user_id ?? '')}
                        aria-invalid={!person.user_id && !person.skipped ? true : undefined}
                        onChange={(e) => map(person.name, e.target.value)}
                      >
                        <option value="">Choose who this is…</option>
                        {participants
                          .filter((p) => p.user_id === person.user_id || !taken.has(p.user_id))
                          .map((p) => (
                            <option key={p.user_id} value={p.user_id}>
                              {personName(p)}
                            </option>
                          ))}
                        <option value="skip">Leave out</option>
                      </select>
                    </label>
                  ),
                )}
              </div>
            </section>
            <section className={styles.section} aria-labelledby={`${fileId}-expenses`}>
              <h3 id={`${fileId}-expenses`} className={styles.sectionTitle}>
                {preview.expenses.length} {preview.expenses.length === 1 ? 'expense' : 'expenses'} to add ·{' '}
                {money(preview.total_cents)}
              </h3>
              {preview.expenses.length > 0 && (
                <div className={styles.tableWrap}>
                  <table className={styles.table}>
                    <thead>
                      <tr>
                        <th scope="col">Date</th>
                        <th scope="col">Title</th>
                        <th scope="col" className={styles.wideOnly}>
                          Category
                        </th>
                        <th scope="col">Paid by</th>
                        <th scope="col" className={styles.money}>
                          Amount
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {preview.expenses.map((e) => (
                        <tr key={e.line}>
                          <td>{e.expense_date}</td>
                          <td>{e.title}</td>
                          <td className={styles.wideOnly}>{CATEGORY[e.category].label}</td>
                          <td>
                            {e.payers.length > 1
                              ? e.payers.map((p) => `${nameOf(p.user_id)} ${money(p.paid_cents)}`).join(', ')
                              : nameOf(e.paid_by)}
                          </td>
                          <td className={styles.money}>
                            {money(e.amount_cents)}
                            {e.original && (
                              <span className={`${split.original} ${styles.originalLine}`}>
                                {formatMoney(e.original.amount_minor, userLocale(), e.original.currency)}
                              </span>
                            )}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
            {preview.payments.length > 0 && (
              <section className={styles.section} aria-labelledby={`${fileId}-payments`}>
                <h3 id={`${fileId}-payments`} className={styles.sectionTitle}>
                  {preview.payments.length} {preview.payments.length === 1 ? 'payment' : 'payments'} to record
                  as paid
                </h3>
                <ul className={styles.hint}>
                  {preview.payments.map((p) => (
                    <li key={p.line}>
                      {p.date}: {nameOf(p.from_user_id)} paid {nameOf(p.to_user_id)} {money(p.amount_cents)}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {preview.skipped.length > 0 && (
              <section className={styles.section} aria-labelledby={`${fileId}-skipped`}>
                <h3 id={`${fileId}-skipped`} className={styles.sectionTitle}>
                  Not imported
                </h3>
                <ul className={styles.hint}>
                  {preview.skipped.map((row) => (
                    <li key={row.line}>
                      Line {row.line}, {row.description}: {row.reason}
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
