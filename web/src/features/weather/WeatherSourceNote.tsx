import type { WeatherSource } from '@wayfare/contract';

/** Who the forecast is from (Open-Meteo's licence, CC BY 4.0, asks for the credit), and what is estimated. */
export function WeatherSourceNote({
  source,
  estimated,
  className,
}: {
  source: WeatherSource;
  estimated: boolean;
  className?: string;
}) {
  if (source === 'estimate') {
    return (
      <p className={className}>
        No forecast could be reached: temperatures marked ≈ are estimated from the place and season.
      </p>
    );
  }
  return (
    <p className={className}>
      {source === 'open-meteo' ? (
        <>
          Forecast: <a href="https://open-meteo.com/">Weather data by Open-Meteo.com</a>.
        </>
      ) : (
        <>
          Forecast: <a href="https://www.weatherapi.com/">WeatherAPI.com</a>.
        </>
      )}
      {estimated && ' Days marked ≈ are beyond its reach and estimated from the place and season.'}
    </p>
  );
}
