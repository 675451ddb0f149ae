import { format, parseISO } from 'date-fns';
import { CalendarCheck } from 'lucide-react';
import type { DailyPlan } from '@wayfare/contract';
import { cx } from '@/shared/cx';
import { Notice } from '@/shared/ui/Notice';
import { WeatherBadge, WEATHER_UNAVAILABLE, type TripWeatherState } from '@/features/weather';
import { PlanBubbleBody } from './PlanBubble';
import { dayHeading, daySections } from './planDays';
import styles from './DailyPlansBoard.module.css';

interface ReadOnlyPlanDaysProps {
  trip: { start_date: string | null; end_date: string | null; daily_plans: DailyPlan[] };
  weather: TripWeatherState;
}

/** The trip's days and plans (in day order) with their weather, to read only: a shared trip's itinerary. */
export function ReadOnlyPlanDays({ trip, weather }: ReadOnlyPlanDaysProps) {
  const sections = daySections(trip, trip.daily_plans);
  return (
    <section className={styles.board} aria-labelledby="shared-plans-title">
      <h2 id="shared-plans-title" className={styles.boardTitle}>
        <CalendarCheck size={22} aria-hidden="true" />
        Daily Plans
      </h2>
      {weather.status === 'unavailable' && <Notice tone="info">{WEATHER_UNAVAILABLE}</Notice>}
      {weather.status === 'ready' && weather.estimated && (
        <p className={styles.estimateNote}>Temperatures marked ≈ are estimated from the place and season.</p>
      )}
      {sections.length === 0 ? (
        <p className={styles.emptyDay}>No days planned yet.</p>
      ) : (
        <div className={styles.days}>
          {sections.map((day) => (
            <section key={day.date} className={styles.day} aria-labelledby={`shared-day-${day.date}`}>
              <header className={styles.dayHeader}>
                <h3 id={`shared-day-${day.date}`} className={styles.dayTitle}>
                  {dayHeading(day.dayNumber)}
                  <span className={styles.dayDate}>{format(parseISO(day.date), 'EEE, MMM d')}</span>
                </h3>
                <WeatherBadge
                  day={weather.status === 'ready' ? weather.byDate.get(day.date) : undefined}
                  loading={weather.status === 'loading'}
                />
              </header>
              {day.plans.length > 0 ? (
                <ol className={styles.plans}>
                  {day.plans.map((plan) => (
                    <li key={plan.id} className={styles.bubble}>
                      <span className={cx(styles.handle, styles.still)}>
                        <PlanBubbleBody plan={plan} movable={false} />
                      </span>
                    </li>
                  ))}
                </ol>
              ) : (
                <p className={styles.emptyDay}>Nothing planned for this day.</p>
              )}
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
