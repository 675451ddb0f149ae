import { formatMoney, type ItemizedView } from '@wayfare/contract';
import { userLocale } from '@/shared/locale';
import styles from '@/shared/ui/Ledger.module.css';
import itemizedStyles from './ItemizedSplitFields.module.css';

/**
 * How an itemized expense's shares came about, in the currency it was paid in: each person's items and
 * their part of tax, service and tip, and each item with who had it. Opened on demand in the expense list.
 */
export function ItemizedBreakdown({
  itemized,
  nameOf,
}: {
  itemized: ItemizedView;
  nameOf: (userId: string) => string;
}) {
  const locale = userLocale();
  const money = (minor: number) => formatMoney(minor, locale, itemized.currency);
  const spread = itemized.extras_by === 'equal' ? 'equally' : 'by what each had';
  return (
    <details className={styles.paidParts}>
      <summary>Items ({itemized.items.length})</summary>
      <ul className={itemizedStyles.breakdown} aria-label="What each person had">
        {itemized.people.map((p) => (
          <li key={p.user_id}>
            {nameOf(p.user_id)}: <span className={styles.money}>{money(p.items_minor)}</span>
            {p.extras_minor > 0 && (
              <>
                {' '}
                + <span className={styles.money}>{money(p.extras_minor)}</span> tax and tip ({spread})
              </>
            )}
          </li>
        ))}
      </ul>
      <ul className={itemizedStyles.breakdown} aria-label="Items">
        {itemized.items.map((item, i) => (
          <li key={i}>
            {item.quantity ? `${item.quantity} × ` : ''}
            {item.name || `Item ${i + 1}`} <span className={styles.money}>{money(item.amount_minor)}</span>:{' '}
            {item.people.map((p) => nameOf(p.user_id)).join(', ')}
          </li>
        ))}
      </ul>
    </details>
  );
}
