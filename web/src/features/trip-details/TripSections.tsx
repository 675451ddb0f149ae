import { Sparkles } from 'lucide-react';
import type { TripView } from '@wayfare/contract';
import { RecommendationsPanel, useAutoAddPlans } from '@/features/ai-guide';
import { DailyPlansBoard } from '@/features/daily-plans';
import { useTripWeather } from '@/features/weather';
import styles from '@/shared/ui/TripPage.module.css';

export interface TripPlanningProps {
  trip: TripView;
  setPlans: Parameters<typeof DailyPlansBoard>[0]['setPlans'];
  reloadPlans: () => Promise<void>;
}

/**
 * The trip page below its header and info cards: the AI guide, its auto-added plans and the day plans with their
 * weather. Its own chunk, drawn after the first screen (on a phone, this is all below it), so the header and the
 * trip's facts show without waiting for the guide's parser, the plan board or their schemas.
 */
export function TripPlanning({ trip, setPlans, reloadPlans }: TripPlanningProps) {
  const weather = useTripWeather(trip);
  const autoAdd = useAutoAddPlans(trip);
  return (
    <>
      <RecommendationsPanel trip={trip} />
      {autoAdd.message && (
        <p className={styles.autoAdd} role="status">
          <Sparkles size={16} aria-hidden="true" />
          {autoAdd.message}
        </p>
      )}
      <DailyPlansBoard trip={trip} weather={weather} setPlans={setPlans} reloadPlans={reloadPlans} />
    </>
  );
}
