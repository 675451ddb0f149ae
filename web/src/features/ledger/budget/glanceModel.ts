import { budgetPaceOf, type BudgetPace, type BudgetResponse } from '@wayfare/contract';
import { CATEGORY, ledgerName } from '../categories';
import type { BarRow, ChartTable } from './Charts';

/** What the glance says in words: each line also the charts' text alternative where it describes one. */
export interface GlanceText {
  pace: BudgetPace;
  /** "62% of the budget spent with 43% of the trip gone". */
  headline: string;
  spent: string;
  /** At the current pace by the trip's end; null before the trip or without dates. */
  projection: string | null;
  biggestCategory: string | null;
  frontedMost: string | null;
}

const percentOfSpent = (part: number, spent: number) => (spent > 0 ? Math.round((part * 100) / spent) : 0);

export function glanceText(
  answer: BudgetResponse,
  today: string,
  money: (minor: number) => string,
): GlanceText {
  const { spending, plan } = answer;
  const pace = budgetPaceOf(spending, plan, today);
  const total = plan?.total_minor ?? null;
  const spent =
    total === null
      ? `${money(pace.spent_minor)} spent`
      : `${money(pace.spent_minor)} of ${money(total)} spent`;
  const time = pace.time_percent === null ? '' : ` with ${pace.time_percent}% of the trip gone`;
  const headline =
    pace.spent_percent === null
      ? `${money(pace.spent_minor)} spent${time}`
      : `${pace.spent_percent}% of the budget spent${time}`;
  const projection =
    pace.projected_minor === null
      ? null
      : `At this pace: ${money(pace.projected_minor)} by the trip's end${
          pace.projected_percent === null ? '' : ` (${pace.projected_percent}% of the budget)`
        }`;
  const [top] = spending.by_category;
  const biggestCategory =
    top && top.spent_minor > 0
      ? `Biggest category: ${CATEGORY[top.category].label}, ${percentOfSpent(top.spent_minor, spending.spent_minor)}% of spending`
      : null;
  const fronted = [...spending.by_person].sort(
    (a, b) => b.paid_minor - b.share_minor - (a.paid_minor - a.share_minor),
  )[0];
  const ahead = fronted ? fronted.paid_minor - fronted.share_minor : 0;
  const frontedMost =
    fronted && ahead > 0
      ? `Fronted most: ${ledgerName(fronted)} paid ${money(fronted.paid_minor)}, ${money(ahead)} more than their share`
      : null;
  return { pace, headline, spent, projection, biggestCategory, frontedMost };
}

/** The spent-against-budget meter's one row: spent, and at this pace, against the budget. */
export function budgetRows(
  answer: BudgetResponse,
  text: GlanceText,
  money: (minor: number) => string,
): BarRow[] {
  const total = answer.plan?.total_minor ?? null;
  const { spent_minor, projected_minor } = text.pace;
  const over = (value: number) => (total !== null && value > total ? 'over' : 'spent');
  return [
    {
      key: 'spent',
      label: 'Spent so far',
      valueText: money(spent_minor),
      bars: [{ value: spent_minor, tone: over(spent_minor) }],
      marker: total,
    },
    ...(projected_minor === null
      ? []
      : [
          {
            key: 'projected',
            label: "At this pace, by the trip's end",
            valueText: money(projected_minor),
            bars: [{ value: projected_minor, tone: 'projected' as const }],
            marker: total,
          },
        ]),
  ];
}

export function budgetTable(
  answer: BudgetResponse,
  text: GlanceText,
  money: (minor: number) => string,
): ChartTable {
  const total = answer.plan?.total_minor ?? null;
  const cell = (value: number | null) => (value === null ? '—' : money(value));
  return {
    columns: ['', 'Amount', 'Of the budget'],
    rows: [
      ['budget', 'Budget', cell(total), total === null ? '—' : '100%'],
      ['spent', 'Spent so far', money(text.pace.spent_minor), percent(text.pace.spent_percent)],
      [
        'projected',
        "At this pace, by the trip's end",
        cell(text.pace.projected_minor),
        percent(text.pace.projected_percent),
      ],
      [
        'time',
        'Trip days gone',
        `${text.pace.days_gone} of ${text.pace.trip_days}`,
        percent(text.pace.time_percent),
      ],
    ].map(([key, ...cells]) => ({ key: key as string, cells: cells as string[] })),
  };
}

const percent = (value: number | null) => (value === null ? '—' : `${value}%`);

export function categoryRows(answer: BudgetResponse, money: (minor: number) => string): BarRow[] {
  return answer.spending.by_category.map((c) => ({
    key: c.category,
    label: CATEGORY[c.category].label,
    valueText:
      c.budget_minor === null ? money(c.spent_minor) : `${money(c.spent_minor)} of ${money(c.budget_minor)}`,
    bars: [
      {
        value: c.spent_minor,
        tone: c.budget_minor !== null && c.spent_minor > c.budget_minor ? 'over' : 'spent',
      },
    ],
    marker: c.budget_minor,
  }));
}

export function categoryTable(answer: BudgetResponse, money: (minor: number) => string): ChartTable {
  const { spent_minor } = answer.spending;
  return {
    columns: ['Category', 'Spent', 'Share of spending', 'Budget'],
    rows: answer.spending.by_category.map((c) => ({
      key: c.category,
      cells: [
        CATEGORY[c.category].label,
        money(c.spent_minor),
        `${percentOfSpent(c.spent_minor, spent_minor)}%`,
        c.budget_minor === null ? '—' : money(c.budget_minor),
      ],
    })),
  };
}

/** "Day 1 · 10 Apr" labels for the day chart and its table. */
export function dayRows(answer: BudgetResponse, locale: string) {
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return answer.spending.by_day.map((day, i) => ({
    key: day.date,
    label: String(i + 1),
    date: format.format(new Date(`${day.date}T00:00:00Z`)),
    value: day.spent_minor,
  }));
}

export function dayTable(
  answer: BudgetResponse,
  locale: string,
  money: (minor: number) => string,
): ChartTable {
  const perDay = answer.plan?.per_day_minor ?? null;
  const rows = dayRows(answer, locale).map((day) => ({
    key: day.key,
    cells: [
      `Day ${day.label} · ${day.date}`,
      money(day.value),
      perDay === null ? '—' : money(perDay - day.value),
    ],
  }));
  if (answer.spending.outside_days_minor > 0) {
    rows.push({
      key: 'outside',
      cells: ['Before or after the trip', money(answer.spending.outside_days_minor), '—'],
    });
  }
  return { columns: ['Day', 'Spent', 'Left that day'], rows };
}

export function personRows(answer: BudgetResponse, money: (minor: number) => string): BarRow[] {
  return answer.spending.by_person.map((p) => ({
    key: p.user_id,
    label: ledgerName(p),
    valueText: `paid ${money(p.paid_minor)} · share ${money(p.share_minor)}`,
    bars: [
      { value: p.paid_minor, tone: 'spent' },
      { value: p.share_minor, tone: 'share' },
    ],
    marker: null,
  }));
}

export function personTable(answer: BudgetResponse, money: (minor: number) => string): ChartTable {
  return {
    columns: ['Person', 'Paid', 'Share', 'Paid − share'],
    rows: answer.spending.by_person.map((p) => ({
      key: p.user_id,
      cells: [ledgerName(p), money(p.paid_minor), money(p.share_minor), money(p.paid_minor - p.share_minor)],
    })),
  };
}
