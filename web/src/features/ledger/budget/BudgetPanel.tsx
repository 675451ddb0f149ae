import { useState } from 'react';
import { Pencil } from 'lucide-react';
import { toIsoDate } from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { money, userLocale } from '@/shared/locale';
import { Button } from '@/shared/ui/Button';
import { Notice } from '@/shared/ui/Notice';
import { LoadingState } from '@/shared/ui/Spinner';
import { BudgetForm } from './BudgetForm';
import { GlanceLines, useBudget } from './GlanceSummary';
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
} from './glanceModel';
import styles from './Glance.module.css';
import { useGuestSession } from '@/features/auth';

/**
 * "At a glance": spent against the budget so far and at this pace, by category, by day (with the daily
 * budget line) and by person (paid against share); each chart's numbers a tap away as a table. Any member edits
 * the budget here. `withSummary: false` where GlanceSummary already shows its lines above (the split page).
 */
export function BudgetPanel({ tripId, withSummary = true }: { tripId: string; withSummary?: boolean }) {
  const budget = useBudget(tripId);
  const [editing, setEditing] = useState(false);
  // The budget is the trip members' to set; a guest session reads it.
  const guest = useGuestSession();
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
        {!editing && !guest && (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            <Pencil size={16} aria-hidden="true" /> {answer.budget ? 'Edit budget' : 'Set budget'}
          </Button>
        )}
      </div>
      {editing && <BudgetForm tripId={tripId} answer={answer} onDone={() => setEditing(false)} />}
      {withSummary && <GlanceLines answer={answer} text={text} />}
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
