import { useQuery } from '@tanstack/react-query';
import { toIsoDate, type BudgetResponse } from '@wayfare/contract';
import { money } from '@/shared/locale';
import { budgetQuery } from './budgetApi';
import { glanceText, type GlanceText } from './glanceModel';
import styles from './Glance.module.css';

/** The trip's budget and spending read once for the summary and the charts: shared by both (one query). */
export function useBudget(tripId: string) {
  return useQuery(budgetQuery(tripId));
}

/** The money at a glance in words: the headline, the pace, the biggest category and who fronted most. */
export function GlanceLines({ answer, text }: { answer: BudgetResponse; text: GlanceText }) {
  return (
    <div className={styles.lines}>
      <p className={styles.headline}>{text.headline}</p>
      <p className={styles.muted}>
        {text.spent}
        {answer.plan_source === 'suggested' && ' (suggested budget)'}
        {answer.plan_source === null && ' · no budget set'}
      </p>
      {text.projection && <p>{text.projection}</p>}
      {text.biggestCategory && <p>{text.biggestCategory}</p>}
      {text.frontedMost && <p>{text.frontedMost}</p>}
    </div>
  );
}

/** The glance in a few lines above the split page's tabs: what a member sees first on opening it. */
export function GlanceSummary({ tripId }: { tripId: string }) {
  // The split page reads the budget with its first reads and draws this with them: no second read on mounting.
  const budget = useQuery({ ...budgetQuery(tripId), refetchOnMount: false });
  // Its space is kept while it loads, so the tabs below do not jump.
  if (budget.isPending) return <div className={styles.summary} aria-busy="true" />;
  if (!budget.data) return null;
  const answer = budget.data;
  const text = glanceText(answer, toIsoDate(new Date()), (minor) => money(minor, answer.home_currency));
  return (
    <section className={styles.summary} aria-label="Money at a glance">
      <GlanceLines answer={answer} text={text} />
      {text.pace.spent_percent !== null && (
        <div
          className={styles.meter}
          role="img"
          aria-label={`${text.pace.spent_percent}% of the budget spent${
            text.pace.time_percent === null ? '' : `, ${text.pace.time_percent}% of the trip gone`
          }`}
        >
          <span
            className={text.pace.spent_percent > 100 ? styles.meterOver : styles.meterFill}
            style={{ width: `${Math.min(100, text.pace.spent_percent)}%` }}
          />
          {text.pace.time_percent !== null && (
            <span
              className={styles.meterTime}
              style={{ left: `${Math.min(100, text.pace.time_percent)}%` }}
            />
          )}
        </div>
      )}
    </section>
  );
}
