import { useState, type CSSProperties } from 'react';
import { cx } from '../../shared/cx';
import { photoPlaceholder } from './photoPlaceholder';
import styles from './TripPhoto.module.css';

interface TripPhotoProps {
  imageUrl: string | null;
  place: string;
  className?: string;
  /** The emoji and place name on the placeholder; off where the page already names the trip over it. */
  labelled?: boolean;
}

/** The trip's uploaded image, or (none, or it failed to load) a gradient with an emoji and the place name. */
export function TripPhoto({ imageUrl, place, className, labelled = true }: TripPhotoProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (imageUrl && failedUrl !== imageUrl) {
    return (
      <img
        className={cx(styles.photo, className)}
        src={imageUrl}
        alt=""
        loading="lazy"
        onError={() => setFailedUrl(imageUrl)}
      />
    );
  }
  const { from, to, emoji } = photoPlaceholder(place);
  return (
    <div
      className={cx(styles.photo, styles.placeholder, className)}
      // The two colours come from the place name; custom properties keep the layout in the stylesheet.
      style={{ '--from': from, '--to': to } as CSSProperties}
      aria-hidden="true"
    >
      {labelled && (
        <>
          <span className={styles.emoji}>{emoji}</span>
          <span className={styles.place}>{place}</span>
        </>
      )}
    </div>
  );
}
