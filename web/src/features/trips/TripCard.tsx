import { Link } from 'react-router';
import { CalendarDays, UserPlus, Users } from 'lucide-react';
import type { TripSummary } from '@wayfare/contract';
import { formatDateRange } from '@/shared/dates';
import { peopleLabel } from './format';
import { TripActionsMenu } from './TripActionsMenu';
import { TripPhoto } from './TripPhoto';
import styles from './TripCard.module.css';

interface TripCardProps {
  trip: TripSummary;
  onEdit: () => void;
  onDelete: () => void;
  onLeave: () => void;
}

/**
 * A trip in the list: the whole card opens it; the ⋮ menu sits beside the link, not inside it. Someone added to the
 * trip by another member sees by whom, and a participant may leave from the menu at once.
 */
export function TripCard({ trip, onEdit, onDelete, onLeave }: TripCardProps) {
  return (
    <article className={styles.card}>
      <Link to={`/trips/${trip.id}`} className={styles.link}>
        <div className={styles.media}>
          <TripPhoto
            imageUrl={trip.image_url}
            place={trip.city_name || trip.trip_name}
            latitude={trip.latitude}
            longitude={trip.longitude}
            credit="text"
          />
        </div>
        <div className={styles.body}>
          <h2 className={styles.name}>{trip.trip_name}</h2>
          <p className={styles.meta}>
            <CalendarDays size={16} aria-hidden="true" />
            {formatDateRange(trip.start_date, trip.end_date)}
          </p>
          <p className={styles.meta}>
            <Users size={16} aria-hidden="true" />
            {peopleLabel(trip.participant_count)}
          </p>
          {trip.added_by_username && (
            <p className={styles.meta}>
              <UserPlus size={16} aria-hidden="true" />
              Added by @{trip.added_by_username}
            </p>
          )}
        </div>
      </Link>
      <div className={styles.actions}>
        <TripActionsMenu
          tripName={trip.trip_name}
          onEdit={onEdit}
          onDelete={onDelete}
          onLeave={trip.user_role === 'participant' ? onLeave : undefined}
        />
      </div>
    </article>
  );
}
