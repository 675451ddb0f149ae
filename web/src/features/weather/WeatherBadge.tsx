import {
  Cloud,
  CloudFog,
  CloudLightning,
  CloudRain,
  CloudSnow,
  CloudSun,
  Sun,
  type LucideIcon,
} from 'lucide-react';
import type { WeatherDay, WeatherIcon } from '@wayfare/contract';
import { cx } from '@/shared/cx';
import styles from './WeatherBadge.module.css';

const ICONS: Record<WeatherIcon, LucideIcon> = {
  sun: Sun,
  'partly-cloudy': CloudSun,
  cloud: Cloud,
  fog: CloudFog,
  rain: CloudRain,
  snow: CloudSnow,
  storm: CloudLightning,
};

/** "Partly cloudy, 12–21 °C (estimate)": the tooltip and accessible name of a day's weather. */
export const weatherDescription = (day: WeatherDay) =>
  `${day.text}, ${Math.round(day.min_c)}–${Math.round(day.max_c)} °C${day.estimate ? ' (estimate)' : ''}`;

/** A day's weather: icon and rounded average °C, details in the tooltip; '--' when there is none. */
export function WeatherBadge({ day, loading = false }: { day: WeatherDay | undefined; loading?: boolean }) {
  if (!day) {
    return (
      <span
        className={cx(styles.badge, styles.empty)}
        title={loading ? 'Loading weather' : 'No weather for this day'}
      >
        {loading ? '…' : '--'}
      </span>
    );
  }
  const Icon = ICONS[day.icon];
  const description = weatherDescription(day);
  return (
    <span className={styles.badge} title={description} aria-label={description} role="img">
      <Icon size={18} aria-hidden="true" />
      <span aria-hidden="true">
        {Math.round(day.avg_c)}°C{day.estimate && <sup className={styles.estimate}>≈</sup>}
      </span>
    </span>
  );
}
