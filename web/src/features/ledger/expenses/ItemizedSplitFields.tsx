import { useEffect, useId, useRef, useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { EXTRA_KINDS, formatMoney, type ExtraKind, type Participant } from '@wayfare/contract';
import {
  emptyItemLine,
  readItemizedDraft,
  togglePerson,
  type ItemLineDraft,
  type ItemizedDraft,
} from './itemizedDraft';
import { formatTypedAmount } from '@/shared/forms/typed-amount';
import { Button } from '@/shared/ui/Button';
import { FieldError } from '@/shared/ui/Field';
import { personName } from '../categories';
import styles from './ItemizedSplitFields.module.css';
import ledger from '@/shared/ui/Ledger.module.css';

const EXTRA_LABEL: Record<ExtraKind, string> = { tax: 'Tax', service: 'Service', tip: 'Tip' };

/** The shares a person may have of a line: 1 to 10, and a larger one kept from a stored split. */
const shareChoices = (current: number) => [
  ...Array.from({ length: 10 }, (_, i) => i + 1),
  ...(current > 10 ? [current] : []),
];

interface ItemizedSplitFieldsProps {
  value: ItemizedDraft;
  onChange: (next: ItemizedDraft) => void;
  participants: Participant[];
  /** The expense's total in minor units of `currency`, null while it is not an amount. */
  total: number | null;
  currency: string;
  digits: number;
  locale: string;
  /** The form's refusal of the split, shown under it. */
  error?: string;
}

/**
 * The expense form's "Itemized" split, on either screen: item lines, each assigned by tapping the line and then
 * the people who had it; tax, service and tip spread in proportion to each person's items or equally; and the
 * running "unassigned" amount, which must reach 0 before the expense can be saved.
 */
export function ItemizedSplitFields({
  value,
  onChange,
  participants,
  total,
  currency,
  digits,
  locale,
  error,
}: ItemizedSplitFieldsProps) {
  const [active, setActive] = useState(0);
  const spreadName = useId();
  const people = useRef<HTMLDivElement>(null);
  const opened = useRef(false);
  // A newly tapped line's people come into sight above the sticky "Unassigned" bar (their scroll margin).
  useEffect(() => {
    if (opened.current) people.current?.scrollIntoView?.({ block: 'nearest' });
    opened.current = true;
  }, [active]);
  const read = readItemizedDraft(value, total, locale, digits);
  const money = (minor: number) => formatMoney(minor, locale, currency);
  const nameOf = new Map(participants.map((p) => [p.user_id, personName(p)]));
  const setLine = (index: number, line: ItemLineDraft) =>
    onChange({ ...value, items: value.items.map((l, i) => (i === index ? line : l)) });
  const addLine = () => {
    onChange({ ...value, items: [...value.items, emptyItemLine()] });
    setActive(value.items.length);
  };
  const removeLine = (index: number) => {
    onChange({ ...value, items: value.items.filter((_, i) => i !== index) });
    setActive((current) =>
      Math.max(0, current > index ? current - 1 : Math.min(current, value.items.length - 2)),
    );
  };
  const placeholder = formatTypedAmount(0, locale, digits);

  return (
    <div className={styles.itemized}>
      <ol className={styles.lines} aria-label="Items">
        {value.items.map((line, index) => {
          const label = line.name.trim() || `Item ${index + 1}`;
          const isActive = index === active;
          const who = line.people.map((id) => nameOf.get(id) ?? 'Former member').join(', ');
          return (
            <li key={index} className={styles.line} data-active={isActive || undefined}>
              <div className={styles.lineFields}>
                <input
                  className={styles.name}
                  type="text"
                  autoComplete="off"
                  placeholder={`Item ${index + 1}`}
                  aria-label={`Name of item ${index + 1}`}
                  value={line.name}
                  onFocus={() => setActive(index)}
                  onChange={(e) => setLine(index, { ...line, name: e.target.value })}
                />
                <input
                  className={styles.quantity}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="Qty"
                  aria-label={`Quantity of ${label}`}
                  value={line.quantity}
                  onFocus={() => setActive(index)}
                  onChange={(e) => setLine(index, { ...line, quantity: e.target.value })}
                />
                <input
                  className={styles.amount}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={placeholder}
                  aria-label={`Price of ${label}`}
                  value={line.amount}
                  onFocus={() => setActive(index)}
                  onChange={(e) => setLine(index, { ...line, amount: e.target.value })}
                />
                <button
                  type="button"
                  className={`${ledger.iconButton} ${ledger.danger}`}
                  aria-label={`Remove ${label}`}
                  onClick={() => removeLine(index)}
                >
                  <Trash2 size={18} aria-hidden />
                </button>
              </div>
              <button
                type="button"
                className={styles.assign}
                aria-expanded={isActive}
                onClick={() => setActive(index)}
              >
                {who ? `Had by ${who}` : 'Tap to choose who had it'}
              </button>
              {isActive && (
                <div ref={people} role="group" aria-label={`Who had ${label}`} className={styles.people}>
                  {participants.map((p) => {
                    const shares = line.shares[p.user_id];
                    return (
                      <button
                        key={p.user_id}
                        type="button"
                        className={styles.person}
                        aria-pressed={line.people.includes(p.user_id)}
                        onClick={() => setLine(index, togglePerson(line, p.user_id))}
                      >
                        {p.first_name}
                        {shares && shares > 1 ? ` ×${shares}` : ''}
                      </button>
                    );
                  })}
                </div>
              )}
              {isActive && line.people.length > 1 && (
                <details className={styles.sharesBox}>
                  <summary>Unequal shares</summary>
                  {line.people.map((id) => (
                    <label key={id} className={styles.share}>
                      <span>{nameOf.get(id) ?? 'Former member'}</span>
                      <select
                        aria-label={`Shares of ${label} for ${nameOf.get(id) ?? 'Former member'}`}
                        value={line.shares[id] ?? 1}
                        onChange={(e) =>
                          setLine(index, {
                            ...line,
                            shares: { ...line.shares, [id]: Number(e.target.value) },
                          })
                        }
                      >
                        {shareChoices(line.shares[id] ?? 1).map((n) => (
                          <option key={n} value={n}>
                            ×{n}
                          </option>
                        ))}
                      </select>
                    </label>
                  ))}
                </details>
              )}
            </li>
          );
        })}
      </ol>
      {/* Stays in sight at the bottom of the form while lines are tapped (one-handed on a phone). */}
      <p className={styles.unassigned} data-done={read.unassigned === 0 || undefined} aria-live="polite">
        Unassigned: <span className={ledger.money}>{money(read.unassigned)}</span>
      </p>
      <Button variant="secondary" onClick={addLine}>
        <Plus size={18} aria-hidden /> Add item
      </Button>

      <fieldset className={styles.extras}>
        <legend>Tax, service and tip</legend>
        {EXTRA_KINDS.map((kind) => (
          <label key={kind} className={styles.extra}>
            <span>{EXTRA_LABEL[kind]}</span>
            <input
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder={placeholder}
              value={value.extras[kind]}
              onChange={(e) => onChange({ ...value, extras: { ...value.extras, [kind]: e.target.value } })}
            />
          </label>
        ))}
      </fieldset>
      <fieldset className={ledger.choices}>
        <legend>Spread tax, service and tip</legend>
        <label className={ledger.choice}>
          <input
            type="radio"
            name={spreadName}
            checked={value.extras_by === 'proportional'}
            onChange={() => onChange({ ...value, extras_by: 'proportional' })}
          />
          By what each had
        </label>
        <label className={ledger.choice}>
          <input
            type="radio"
            name={spreadName}
            checked={value.extras_by === 'equal'}
            onChange={() => onChange({ ...value, extras_by: 'equal' })}
          />
          Equally
        </label>
      </fieldset>

      <div className={styles.summary}>
        {read.people.length > 0 && (
          <ul className={styles.totals} aria-label="What each person pays">
            {read.people.map((p) => (
              <li key={p.user_id}>
                <span>{nameOf.get(p.user_id) ?? 'Former member'}</span>
                <span className={ledger.money}>{money(p.total)}</span>
              </li>
            ))}
          </ul>
        )}
        {read.error && <p className={ledger.hint}>{read.error}</p>}
        {error && error !== read.error && <FieldError>{error}</FieldError>}
      </div>
    </div>
  );
}
