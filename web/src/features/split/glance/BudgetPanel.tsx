import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { toIsoDate, type BudgetResponse } from '@wayfare/contract';
import { errorMessage } from '../../../shared/api';
import { money, userLocale } from '../../../shared/locale';
import { Button } from '../../../shared/ui/Button';
import { Notice } from '../../../shared/ui/Notice';
import { LoadingState } from '../../../shared/ui/Spinner';
import { budgetQuery } from '../budgetApi';
import { BudgetForm } from './BudgetForm';
import {
  ChartFigure,
  DAY_CHART_HEIGHT,
  DayBars,
  HorizontalBars,
  horizontalBarsHeight,
  type BarRow,
  type ChartTable,
} from './Charts';
import {
  budgetRows,
  budgetTable,
  categoryRows,
  categoryTable,
  dayRows,
  dayTable,
  glanceText,
  personRows,
  personTable,
  type GlanceText,
} from './glanceModel';
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

/**
 * "At a glance" (issue #28): spent against the budget so far and at this pace, by category, by day (with the daily
 * budget line) and by person (paid against share); each chart's numbers a tap away as a table. Any member edits
 * the budget here.
 */
export function BudgetPanel({ tripId }: { tripId: string }) {
  const budget = useBudget(tripId);
  const [editing, setEditing] = useState(false);
  if (budget.isPending) return <LoadingState label="Loading the budget" />;
  if (budget.isError && !budget.data) {
    return <Notice tone="error">{errorMessage(budget.error, 'Failed to load the budget')}</Notice>;
  }
  const answer = budget.data;
  const inHome = (minor: number) => money(minor, answer.home_currency);
  const locale = userLocale();
  const text = glanceText(answer, toIsoDate(new Date()), inHome);
  const days = dayRows(answer, locale);
  const perDay = answer.plan?.per_day_minor ?? null;
  const charts: Array<{ title: string; summary: string; rows?: BarRow[]; table: ChartTable }> = [
    {
      title: 'Spent against the budget',
      summary: [text.headline, text.spent, text.projection].filter(Boolean).join('. '),
      rows: budgetRows(answer, text, inHome),
      table: budgetTable(answer, text, inHome),
    },
    {
      title: 'By category',
      summary: text.biggestCategory ?? 'No spending yet',
      rows: categoryRows(answer, inHome),
      table: categoryTable(answer, inHome),
    },
  ];
  const people = personRows(answer, inHome);
  return (
    <div className={styles.panel}>
      <div className={styles.panelHead}>
        <h2 className={styles.sectionTitle}>At a glance</h2>
        {!editing && (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            <Pencil size={16} aria-hidden="true" /> {answer.budget ? 'Edit budget' : 'Set budget'}
          </Button>
        )}
      </div>
      {editing && <BudgetForm tripId={tripId} answer={answer} onDone={() => setEditing(false)} />}
      <GlanceLines answer={answer} text={text} />
      <div className={styles.charts}>
        {charts.map((chart) =>
          chart.rows && chart.rows.length > 0 ? (
            <ChartFigure
              key={chart.title}
              title={chart.title}
              summary={chart.summary}
              height={horizontalBarsHeight(chart.rows)}
              table={chart.table}
            >
              <HorizontalBars rows={chart.rows} />
            </ChartFigure>
          ) : null,
        )}
        {days.length > 0 && (
          <ChartFigure
            title="By day"
            summary={`Spending on each of the trip's ${days.length} days${
              perDay === null ? '' : `, against a daily budget of ${inHome(perDay)}`
            }. The biggest day: ${inHome(Math.max(...days.map((d) => d.value)))}.`}
            height={DAY_CHART_HEIGHT}
            table={dayTable(answer, locale, inHome)}
          >
            <DayBars days={days} budgetLine={perDay} />
          </ChartFigure>
        )}
        {people.length > 0 && (
          <ChartFigure
            title="By person: paid and share"
            summary={text.frontedMost ?? 'Everyone has paid their share'}
            height={horizontalBarsHeight(people)}
            table={personTable(answer, inHome)}
          >
            <HorizontalBars rows={people} />
          </ChartFigure>
        )}
      </div>
      <p className={styles.legend} aria-hidden="true">
        <span className={styles.swatchSpent} /> Spent or paid <span className={styles.swatchShare} /> Share{' '}
        <span className={styles.swatchProjected} /> At this pace <span className={styles.swatchLine} /> Budget
      </p>
    </div>
  );
}

/** The glance in a few lines above the split page's tabs: what a member sees first on opening it. */
export function GlanceSummary({ tripId }: { tripId: string }) {
  const budget = useBudget(tripId);
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
