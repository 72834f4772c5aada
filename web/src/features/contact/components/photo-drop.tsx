import { CONTACT_PHOTO_ACCEPT } from '@xsd/contracts/api/contact';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { pickPhoto } from '../lib/contact-form';

export interface PhotoDropProps {
  readonly photo: File | null;
  readonly onChange: (photo: File | null) => void;
  readonly disabled?: boolean;
}

/** A blob: URL for the preview (the CSP allows blob: images), revoked when the photo changes. */
function usePreviewUrl(photo: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) return setUrl(null);
    const next = URL.createObjectURL(photo);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [photo]);
  return url;
}

/** The optional photo: drop it on the zone or choose it (click, Enter or Space), see it, remove it. */
export function PhotoDrop({ photo, onChange, disabled = false }: PhotoDropProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const preview = usePreviewUrl(photo);

  const take = (files: readonly File[], via: 'drop' | 'picker') => {
    const picked = pickPhoto(files, via);
    if (picked === null) return;
    if ('error' in picked) {
      setError(picked.error);
      return;
    }
    setError(null);
    onChange(picked.photo);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take([...event.dataTransfer.files], 'drop');
  };

  return (
    <div className="field" data-testid="contact-photo">
      <span className="field__label">Photo (optional)</span>
      {photo && preview ? (
        <div className="contact-photo__preview">
          <img src={preview} alt={`Preview of ${photo.name}`} data-testid="contact-photo-preview" />
          <div className="contact-photo__meta">
            <span className="contact-photo__name">{photo.name}</span>
            <button type="button" className="btn btn--small btn--danger" onClick={() => onChange(null)} disabled={disabled}>
              Remove photo
            </button>
          </div>
        </div>
      ) : (
        <div
          className={`contact-photo__zone${dragging ? ' contact-photo__zone--active' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="contact-photo-zone"
        >
          <button type="button" className="btn" onClick={() => input.current?.click()} disabled={disabled} aria-describedby={hintId}>
            Choose a photo
          </button>
          <span id={hintId} className="field__hint">
            or drag and drop it here. JPEG, PNG, GIF or WEBP, 5 MB at most.
          </span>
        </div>
      )}
      <input
        ref={input}
        type="file"
        className="contact-photo__input"
        accept={CONTACT_PHOTO_ACCEPT.join(',')}
        tabIndex={-1}
        aria-hidden="true"
        data-testid="contact-photo-input"
        onChange={(event) => {
          take([...(event.target.files ?? [])], 'picker');
          event.target.value = '';
        }}
      />
      {error ? (
        <p className="field__error" role="alert" data-testid="contact-photo-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
