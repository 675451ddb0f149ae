import { useId, useState, type ReactNode } from 'react';
import { DisclosureButton } from '@/shared/ui/DisclosureButton';
import styles from './Glance.module.css';

/** A chart's numbers as a table: its header, and one row per bar (label first). */
export interface ChartTable {
  columns: string[];
  rows: Array<{ key: string; cells: string[] }>;
}

/** Chart coordinates: every chart is drawn 320 wide, the figure scales it to its box (max-width in the CSS). */
export const CHART_WIDTH = 320;

/**
 * A chart as an image with its text alternative (`summary`, what a screen reader announces), and its numbers one tap
 * away as a table (a disclosure, so the table is also where keyboard and screen reader users read the figures).
 */
export function ChartFigure({
  title,
  summary,
  height,
  table,
  children,
}: {
  title: string;
  summary: string;
  height: number;
  table: ChartTable;
  children: ReactNode;
}) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.figureTitle}>{title}</figcaption>
      <svg
        className={styles.chart}
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${CHART_WIDTH} ${height}`}
        preserveAspectRatio="xMinYMin meet"
      >
        {children}
      </svg>
      <DisclosureButton
        look="plain"
        open={showTable}
        aria-controls={tableId}
        onClick={() => setShowTable((open) => !open)}
      >
        {showTable ? 'Hide the numbers' : 'Show the numbers'}
      </DisclosureButton>
      {/* Scrolls sideways on a narrow screen when its figures are wide: focusable, so a keyboard can scroll it. */}
      <div
        id={tableId}
        hidden={!showTable}
        className={styles.tableBox}
        role="region"
        aria-label={`${title}: the numbers`}
        tabIndex={0}
      >
        {showTable && (
          <table className={styles.table}>
            <caption className={styles.visuallyHidden}>{title}</caption>
            <thead>
              <tr>
                {table.columns.map((column, i) => (
                  <th key={column} scope="col" className={i > 0 ? styles.number : undefined}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.key}>
                  {row.cells.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={i} className={styles.number}>
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </figure>
  );
}

export type BarTone = 'spent' | 'share' | 'projected' | 'over';

export interface BarRow {
  key: string;
  label: string;
  /** The figure written at the row's right. */
  valueText: string;
  bars: Array<{ value: number; tone: BarTone }>;
  /** A budget mark across the row's bars; null without one. */
  marker: number | null;
}

const BAR = 10;

/** Horizontal bars, one row (or a pair, as paid against share) per label, scaled to the largest figure. */
export function HorizontalBars({ rows }: { rows: BarRow[] }) {
  const max = Math.max(1, ...rows.flatMap((row) => [...row.bars.map((b) => b.value), row.marker ?? 0]));
  const x = (value: number) => (Math.max(0, value) / max) * CHART_WIDTH;
  const tops = rows.map((_row, i) => horizontalBarsHeight(rows.slice(0, i)));
  return (
    <>
      {rows.map((row, i) => {
        const top = tops[i] ?? 0;
        const height = rowHeight(row);
        return (
          <g key={row.key}>
            <text x={0} y={top + 11} className={styles.label}>
              {row.label}
            </text>
            <text x={CHART_WIDTH} y={top + 11} className={styles.value} textAnchor="end">
              {row.valueText}
            </text>
            {row.bars.map((bar, i) => (
              <rect
                key={i}
                x={0}
                y={top + 14 + i * (BAR + 2)}
                width={Math.max(bar.value > 0 ? 2 : 0, x(bar.value))}
                height={BAR}
                rx={2}
                className={styles[bar.tone]}
              />
            ))}
            {row.marker !== null && (
              <line
                x1={x(row.marker)}
                x2={x(row.marker)}
                y1={top + 12}
                y2={top + height}
                className={styles.budgetLine}
              />
            )}
          </g>
        );
      })}
    </>
  );
}

/** A row's label line and its bars; rows are ROW_GAP apart. */
const rowHeight = (row: BarRow) => 14 + row.bars.length * (BAR + 2);
const ROW_GAP = 6;

/** The height HorizontalBars draws `rows` in. */
export const horizontalBarsHeight = (rows: BarRow[]) =>
  rows.reduce((sum, row) => sum + rowHeight(row) + ROW_GAP, 0);

export const DAY_CHART_HEIGHT = 150;

/** A bar per trip day, with the daily budget as a dashed line across them (none without one). */
export function DayBars({
  days,
  budgetLine,
}: {
  days: Array<{ key: string; label: string; value: number }>;
  budgetLine: number | null;
}) {
  const plot = { top: 8, bottom: DAY_CHART_HEIGHT - 20 };
  const max = Math.max(1, ...days.map((d) => d.value), budgetLine ?? 0) * 1.1;
  const y = (value: number) => plot.bottom - (value / max) * (plot.bottom - plot.top);
  const step = CHART_WIDTH / Math.max(1, days.length);
  const width = Math.max(2, step * 0.7);
  // Every day's number under its bar when they fit, else every few.
  const every = Math.ceil(days.length / 16);
  return (
    <>
      <line x1={0} x2={CHART_WIDTH} y1={plot.bottom} y2={plot.bottom} className={styles.axis} />
      {days.map((day, i) => (
        <g key={day.key}>
          <rect
            x={i * step + (step - width) / 2}
            y={y(day.value)}
            width={width}
            height={plot.bottom - y(day.value)}
            className={budgetLine !== null && day.value > budgetLine ? styles.over : styles.spent}
          />
          {i % every === 0 && (
            <text
              x={i * step + step / 2}
              y={DAY_CHART_HEIGHT - 6}
              className={styles.tick}
              textAnchor="middle"
            >
              {day.label}
            </text>
          )}
        </g>
      ))}
      {budgetLine !== null && (
        <line x1={0} x2={CHART_WIDTH} y1={y(budgetLine)} y2={y(budgetLine)} className={styles.budgetLine} />
      )}
    </>
  );
}
