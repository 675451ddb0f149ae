import { useId, useState } from 'react';
import { MapPin } from 'lucide-react';
import type { Attraction } from '@wayfare/contract';
import { cx } from '@/shared/cx';
import { plotPoints, type LatLng } from './mapPoints';
import styles from './TripMap.module.css';

const WIDTH = 400;
const HEIGHT = 300;
const SCALE_STEPS_M = [50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000];

const scaleLabel = (metres: number) => (metres >= 1000 ? `${metres / 1000} km` : `${metres} m`);

/**
 * The map without a Maps key: the attractions plotted to scale around the trip centre, numbered, with the list
 * beside it; choosing one highlights its pin and shows its details, like a marker's info window.
 */
export function KeylessMap({ centre, attractions }: { centre: LatLng; attractions: Attraction[] }) {
  const [selected, setSelected] = useState<string | null>(null);
  const titleId = useId();
  const plot = plotPoints(
    centre,
    attractions.map((a) => a.location),
    WIDTH,
    HEIGHT,
  );
  // The longest round distance that fits in a quarter of the width.
  const scaleMetres = [...SCALE_STEPS_M].reverse().find((m) => m / plot.metresPerPixel <= WIDTH / 4) ?? 50;
  const chosen = attractions.find((a) => a.key === selected);

  return (
    <div className={styles.keyless}>
      <svg className={styles.plot} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId}>
        <title id={titleId}>{`${attractions.length} places plotted around the trip centre`}</title>
        <defs>
          <pattern id="wayfare-grid" width="40" height="40" patternUnits="userSpaceOnUse">
            <path d="M 40 0 L 0 0 0 40" className={styles.gridLine} />
          </pattern>
        </defs>
        <rect width={WIDTH} height={HEIGHT} className={styles.land} />
        <rect width={WIDTH} height={HEIGHT} fill="url(#wayfare-grid)" />
        <circle cx={plot.centre.x} cy={plot.centre.y} r="34" className={styles.halo} />
        <circle cx={plot.centre.x} cy={plot.centre.y} r="7" className={styles.centre} />
        {plot.points.map((point, index) => {
          const attraction = attractions[index] as Attraction;
          const active = attraction.key === selected;
          return (
            <g
              key={attraction.key}
              transform={`translate(${point.x} ${point.y})`}
              className={cx(styles.pin, active && styles.activePin)}
            >
              <path d="M0 0 C -10 -12 -12 -16 -12 -22 A 12 12 0 1 1 12 -22 C 12 -16 10 -12 0 0 Z" />
              <text x="0" y="-18" textAnchor="middle">
                {index + 1}
              </text>
              {active && (
                <text x="16" y="-26" className={styles.pinLabel}>
                  {attraction.name}
                </text>
              )}
            </g>
          );
        })}
        <g transform={`translate(16 ${HEIGHT - 16})`} className={styles.scale}>
          <path d={`M0 -6 V0 H${scaleMetres / plot.metresPerPixel} V-6`} />
          <text x="0" y="-10">
            {scaleLabel(scaleMetres)}
          </text>
        </g>
      </svg>
      <ol className={styles.legend}>
        {attractions.map((attraction, index) => (
          <li key={attraction.key}>
            <button
              type="button"
              className={cx(styles.legendItem, attraction.key === selected && styles.legendActive)}
              aria-pressed={attraction.key === selected}
              onClick={() => setSelected((current) => (current === attraction.key ? null : attraction.key))}
            >
              <span className={styles.legendNumber}>{index + 1}</span>
              {attraction.name}
            </button>
          </li>
        ))}
      </ol>
      {chosen && (
        <p className={styles.info} role="status">
          <MapPin size={16} aria-hidden="true" />
          <span>
            <strong>{chosen.name}</strong>
            {chosen.kind && ` · ${chosen.kind}`} · {chosen.location.lat.toFixed(4)},{' '}
            {chosen.location.lng.toFixed(4)}
          </span>
        </p>
      )}
      <p className={styles.caption}>Offline map: places are drawn to scale around the trip centre.</p>
    </div>
  );
}
