import { useRef, useState, type ComponentType } from 'react';
import type { FocusCarried, ParticipantInviteFormProps } from './ParticipantInviteForm';
import { ParticipantFormView } from './ParticipantFormView';

interface AddParticipantFormProps {
  tripId: string;
  onAdded?: () => void;
  /** Spec §8 names two fallbacks: the split page's, and the overview's alert variant. */
  failureMessage?: string;
}

type InviteForm = ComponentType<ParticipantInviteFormProps>;

/** Once loaded, every later form (another trip's page, the overview's dialog) starts as the full form. */
let loadedForm: InviteForm | null = null;
const loadInviteForm = async (): Promise<InviteForm> =>
  (loadedForm ??= (await import('./ParticipantInviteForm')).ParticipantInviteForm);

/**
 * Adds a friend by email or username (spec §5): they are a participant at once, listed here and, through the live
 * stream, on every open page. Where their own setting asks for it, they are invited instead (the form says so) and
 * the 'Invited' row shows until they accept.
 *
 * The form's logic (react-hook-form and its schema resolver, ~15 kB) is not part of the page's first load: the same
 * markup shows at once, and the logic loads when a pointer comes over the form or focus into it. What is typed
 * meanwhile, the field's focus and a submit made before it arrived carry over to it.
 */
/**
 * Which of the stand-in's controls has focus as the form's logic arrives: the form that replaces it gives it to the
 * same control, so a keyboard user who pressed Add Participant before the logic came keeps their place.
 */
function carriedFocus(field: HTMLInputElement | null): FocusCarried {
  const active = document.activeElement;
  if (field === null || active === null) return null;
  if (active === field) return 'field';
  return active instanceof HTMLButtonElement && active.type === 'submit' && active.form === field.form
    ? 'submit'
    : null;
}

export function AddParticipantForm({
  tripId,
  onAdded,
  failureMessage = 'Failed to add participant',
}: AddParticipantFormProps) {
  const [Form, setForm] = useState<InviteForm | null>(() => loadedForm);
  const [draft, setDraft] = useState('');
  const [focusOn, setFocusOn] = useState<FocusCarried>(null);
  const [submit, setSubmit] = useState<'none' | 'waiting' | 'failed'>('none');
  const loading = useRef(false);
  const field = useRef<HTMLInputElement>(null);

  if (Form)
    return (
      <Form
        tripId={tripId}
        onAdded={onAdded}
        failureMessage={failureMessage}
        draft={draft}
        focusOn={focusOn}
        submitAtOnce={submit === 'waiting'}
      />
    );

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    loadInviteForm().then(
      (loaded) => {
        setFocusOn(carriedFocus(field.current));
        setForm(() => loaded);
      },
      () => {
        // Offline before the app was cached, say: the next hover, focus or submit tries again.
        loading.current = false;
        setSubmit((was) => (was === 'waiting' ? 'failed' : was));
      },
    );
  };

  return (
    <ParticipantFormView
      onIntent={load}
      onSubmit={(event) => {
        event.preventDefault();
        setSubmit('waiting');
        load();
      }}
      input={{
        ref: field,
        name: 'identifier',
        value: draft,
        onChange: (event) => setDraft(event.target.value),
      }}
      error={submit === 'failed' ? failureMessage : undefined}
      submitting={submit === 'waiting'}
    />
  );
}
