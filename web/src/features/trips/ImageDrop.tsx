import { useEffect, useId, useState, type DragEvent } from 'react';
import { ImageUp, X } from 'lucide-react';
import { TRIP_IMAGE_TYPES } from '@wayfare/contract';
import { cx } from '@/shared/cx';
import { imageProblem } from './editTripForm';
import styles from './EditTripPage.module.css';

interface ImageDropProps {
  /** The trip's current image, shown until another is chosen. */
  currentUrl: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
}

/** Image upload by click or drop: image files only, within the size limit, with a preview. */
export function ImageDrop({ currentUrl, file, onChange }: ImageDropProps) {
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);

  // A data: URL, not a blob: one: the app's content security policy allows images from itself and data: only.
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setPreview({ file, url: String(reader.result) });
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const issue = imageProblem(chosen);
    setProblem(issue);
    if (!issue) onChange(chosen);
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const shown = (file && preview?.file === file ? preview.url : null) ?? currentUrl;
  return (
    <div className={styles.field}>
      <span className={styles.label} id={`${inputId}-label`}>
        Trip image
      </span>
      <label
        htmlFor={inputId}
        className={cx(styles.drop, dragging && styles.dropActive)}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {shown ? (
          <img
            className={styles.preview}
            src={shown}
            alt={shown === currentUrl ? 'The current trip image' : 'Preview of the chosen image'}
          />
        ) : (
          <ImageUp size={32} aria-hidden="true" />
        )}
        <span className={styles.dropText}>
          <strong>{shown ? 'Choose another image' : 'Click to choose an image'}</strong> or drop one here
        </span>
        <span id={hintId} className={styles.hint}>
          JPEG, PNG, WebP or GIF, up to 5 MB
        </span>
      </label>
      <input
        id={inputId}
        className={styles.fileInput}
        type="file"
        accept={TRIP_IMAGE_TYPES.join(',')}
        aria-labelledby={`${inputId}-label`}
        aria-describedby={hintId}
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {file && (
        <button type="button" className={styles.clear} onClick={() => onChange(null)}>
          <X size={16} aria-hidden="true" />
          {currentUrl ? 'Keep the current image' : 'Remove this image'}
        </button>
      )}
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
