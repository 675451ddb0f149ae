import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { CheckCircle2, Plus } from 'lucide-react';
import type { DailyPlan } from '@wayfare/contract';
import { DisclosureButton } from '@/shared/ui/DisclosureButton';
import { LoadingState } from '@/shared/ui/Spinner';
import styles from './AddPlanForm.module.css';

const SUCCESS_MS = 2000;

// The form (and the form library) load when it is first opened or about to be, not with the trip page.
const loadNewPlanForm = () => import('./NewPlanForm');
const NewPlanForm = lazy(loadNewPlanForm);

interface AddPlanFormProps {
  tripId: string;
  /** The planning dates (the trip without its last day). */
  dates: string[];
  onAdded: (plan: DailyPlan) => void;
}

/** The collapsible Add New Plan form; 'Plan Added Successfully!' shows for 2 seconds after each plan. */
export function AddPlanForm({ tripId, dates, onAdded }: AddPlanFormProps) {
  const [open, setOpen] = useState(false);
  const [added, setAdded] = useState<'sent' | 'queued' | null>(null);
  const formId = useId();
  const toggleId = useId();
  // Closing unmounts the form and the focused control with it: focus goes back to the button that opened it.
  const close = () => {
    setOpen(false);
    document.getElementById(toggleId)?.focus();
  };

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(null), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [added]);

  if (dates.length === 0) return null;

  return (
    <div className={styles.root}>
      <DisclosureButton
        id={toggleId}
        look="dashed"
        open={open}
        icon={<Plus size={18} aria-hidden="true" />}
        aria-controls={open ? formId : undefined}
        onPointerEnter={() => void loadNewPlanForm()}
        onFocus={() => void loadNewPlanForm()}
        onClick={() => setOpen((current) => !current)}
      >
        Add New Plan
      </DisclosureButton>

      {open && (
        <Suspense fallback={<LoadingState label="Loading the form…" />}>
          {/* Closing unmounts it: it opens empty again, on the first day. */}
          <NewPlanForm
            formId={formId}
            tripId={tripId}
            dates={dates}
            onAdded={onAdded}
            onDone={(outcome) => {
              close();
              setAdded(outcome);
            }}
            onClose={close}
          />
        </Suspense>
      )}

      {added && (
        <div className={styles.success} role="status">
          <CheckCircle2 size={22} aria-hidden="true" />
          {added === 'sent'
            ? 'Plan Added Successfully!'
            : 'Plan kept on this device: it will be sent when you are back online.'}
        </div>
      )}
    </div>
  );
}
