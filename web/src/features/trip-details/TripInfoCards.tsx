import { CalendarDays, MapPin, Users, Wallet, type LucideIcon } from 'lucide-react';
import type { TripView } from '@wayfare/contract';
import { infoCards, type InfoCard } from './infoCards';
import styles from '@/shared/ui/TripPage.module.css';

const ICONS: Record<InfoCard['key'], LucideIcon> = {
  destination: MapPin,
  dates: CalendarDays,
  travelers: Users,
  budget: Wallet,
};

/** General info: Destination, Dates, Travelers, Budget, then 'About This Trip' when there is a description. */
export function TripInfoCards({ trip }: { trip: TripView }) {
  return (
    <>
      <dl className={styles.infoGrid}>
        {infoCards(trip).map((card) => {
          const Icon = ICONS[card.key];
          return (
            <div key={card.key} className={styles.infoCard}>
              <dt className={styles.infoLabel}>
                <Icon size={18} aria-hidden="true" />
                {card.label}
              </dt>
              <dd className={styles.infoValue}>{card.value}</dd>
            </div>
          );
        })}
      </dl>
      {trip.description.trim() && (
        <section className={styles.about} aria-labelledby="about-trip">
          <h2 id="about-trip" className={styles.sectionTitle}>
            About This Trip
          </h2>
          <p className={styles.aboutText}>{trip.description}</p>
        </section>
      )}
    </>
  );
}
