import { useState } from 'react';
import { CalendarArrowDown } from 'lucide-react';
import { errorMessage } from '@/shared/api';
import { Button } from '@/shared/ui/Button';
import { Modal } from '@/shared/ui/Modal';
import { Notice } from '@/shared/ui/Notice';
import { LinkControl, type LinkCopy } from './LinkControl';
import { downloadCalendar } from './linksApi';
import styles from './Sharing.module.css';

const CALENDAR: LinkCopy = {
  title: 'Your calendar feed',
  explain:
    'A private address your calendar app (Google Calendar, Apple Calendar, Outlook) subscribes to, so plans stay up to date. Anyone with it can read the plans: keep it to yourself.',
  make: 'Make my calendar feed',
  urlLabel: 'Calendar feed address',
  revokeQuestion: 'Turn off this feed? Calendars subscribed to it stop updating.',
};

const SHARE: LinkCopy = {
  title: 'Read-only share link',
  explain:
    'Anyone with this link sees the itinerary, the guide, the map and the weather, without signing in — never the expenses or who is travelling.',
  make: 'Make a share link',
  urlLabel: 'Share link',
  revokeQuestion: 'Turn off this link for everyone who has it?',
};

/** Saves a Blob as a file through a temporary link (the download needs the session, so it cannot be a plain <a>). */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Calendar and sharing for one trip: download the plans as .ics, the member's own feed, the trip's share link. */
export function TripLinksDialog({
  trip,
  open,
  onClose,
}: {
  trip: { id: string; trip_name: string };
  open: boolean;
  onClose: () => void;
}) {
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    // A loading Button stays focusable (shared/ui/Button), so the keyboard's focus stays on it while the file comes.
    setDownloading(true);
    setError(null);
    try {
      saveFile(await downloadCalendar(trip.id), `${trip.trip_name}.ics`);
    } catch (err) {
      setError(errorMessage(err, 'The calendar file could not be downloaded. Please try again.'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Modal open={open} onClose={onClose} title="Calendar & sharing">
      <div className={styles.dialogBody}>
        <section className={styles.download} aria-label="Download">
          <p className={styles.explain}>
            Every plan as a calendar event: plans with a time at that time, the others as all-day events.
          </p>
          <Button
            onClick={() => void download()}
            loading={downloading}
            loadingText="Downloading…"
            data-autofocus
          >
            <CalendarArrowDown size={18} aria-hidden="true" />
            Download .ics file
          </Button>
          {error && <Notice tone="error">{error}</Notice>}
        </section>
        <hr className={styles.divider} />
        <LinkControl tripId={trip.id} kind="calendar" copy={CALENDAR} />
        <hr className={styles.divider} />
        <LinkControl tripId={trip.id} kind="share" copy={SHARE} />
      </div>
    </Modal>
  );
}
