import { useState, type CSSProperties } from 'react';
import { cx } from '@/shared/cx';
import { useCityPhoto, type CityPhotoPathOf } from './cityPhoto';
import { photoPlaceholder } from './photoPlaceholder';
import styles from './TripPhoto.module.css';

interface TripPhotoProps {
  imageUrl: string | null;
  place: string;
  /** The trip's coordinates, to pick the right city of that name. */
  latitude?: number | null;
  longitude?: number | null;
  /** The width to ask the city photo at (spec §9: 800 by default). */
  maxWidth?: number;
  className?: string;
  /** The emoji and place name on the placeholder; off where the page already names the trip over it. */
  labelled?: boolean;
  /**
   * The city photo's credit over its corner: a link to the photo's page, plain text inside a link (a card), or
   * none where the page shows <CityPhotoCredit> itself (over a shaded hero).
   */
  credit?: 'link' | 'text' | 'none';
  /** Where to ask the city photo: GET /api/places/photo (members only) unless given (a share link's own address). */
  photoPath?: CityPhotoPathOf;
}

type Credit = NonNullable<ReturnType<typeof useCityPhoto>>['attribution'];

/** "Photo: Wikimedia Commons", linking to the photo's page (its author and licence) when it has one. */
export function PhotoCredit({
  credit,
  link = true,
  className,
}: {
  credit: Credit;
  link?: boolean;
  className?: string;
}) {
  return (
    <small className={cx(styles.credit, className)}>
      {'Photo: '}
      {link && credit.url ? (
        <a href={credit.url} target="_blank" rel="noopener noreferrer">
          {credit.text}
        </a>
      ) : (
        credit.text
      )}
    </small>
  );
}

/** The credit of the city photo a <TripPhoto> with the same place shows (the answer is shared, not asked twice). */
export function CityPhotoCredit({
  imageUrl,
  place,
  latitude,
  longitude,
  maxWidth = 800,
  className,
}: Pick<TripPhotoProps, 'imageUrl' | 'place' | 'latitude' | 'longitude' | 'maxWidth' | 'className'>) {
  const cityPhoto = useCityPhoto({ city: imageUrl ? '' : place, maxWidth, lat: latitude, lng: longitude });
  return cityPhoto ? <PhotoCredit credit={cityPhoto.attribution} className={className} /> : null;
}

/**
 * The trip's uploaded image; without one the city's photo (GET /api/places/photo, or `photoPath`) with its credit;
 * and when there is none (or an image fails to load), a gradient with an emoji and the place name.
 */
export function TripPhoto({
  imageUrl,
  place,
  latitude,
  longitude,
  maxWidth = 800,
  className,
  labelled = true,
  credit = 'link',
  photoPath,
}: TripPhotoProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const cityPhoto = useCityPhoto(
    { city: imageUrl ? '' : place, maxWidth, lat: latitude, lng: longitude },
    photoPath,
  );
  const shownUrl = imageUrl ?? cityPhoto?.photoUrl ?? null;
  if (shownUrl && failedUrl !== shownUrl) {
    const attribution = !imageUrl && credit !== 'none' && cityPhoto ? cityPhoto.attribution : null;
    return (
      <div className={cx(styles.frame, className)}>
        <img
          className={styles.photo}
          src={shownUrl}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setFailedUrl(shownUrl)}
        />
        {attribution && (
          <PhotoCredit credit={attribution} link={credit === 'link'} className={styles.overPhoto} />
        )}
      </div>
    );
  }
  const { from, to, emoji } = photoPlaceholder(place);
  return (
    <div
      className={cx(styles.photo, styles.placeholder, cityPhoto === undefined && styles.asking, className)}
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
