import { useEffect, useReducer, useRef, useState, type CSSProperties } from 'react';
import { useNavigate } from 'react-router';
import { ArrowLeft, Check, Pencil } from 'lucide-react';
import {
  BUDGET_OPTIONS,
  createTripBody,
  INTEREST_OPTIONS,
  QUESTION_FLOW_STEPS,
  TRAVEL_STYLE_OPTIONS,
  type QuestionAnswers,
  type TripView,
} from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { cx } from '@/shared/cx';
import { DataLayer } from '@/shared/query/DataLayer';
import { Button } from '@/shared/ui/Button';
import { Modal } from '@/shared/ui/Modal';
import { Notice } from '@/shared/ui/Notice';
import { useSession } from '@/features/auth';
import { DatesStep } from './DatesStep';
import { DestinationStep } from './DestinationStep';
import { ENTER_MS, EXIT_MS, flowReducer, initialFlow, STEPS, summaryRows } from './flow';
import { useCreateTrip } from './queries';
import styles from './QuestionFlowModal.module.css';

const CREATE_FAILED = 'Failed to create trip. Please try again.';

const TITLES: Record<(typeof STEPS)[number], string> = {
  destination: 'Destination',
  dates: 'Dates',
  budget: 'Budget',
  interests: 'Interests',
  travelStyle: 'Travel style',
  summary: 'Your trip',
};

const BUDGET_HINTS: Record<string, string> = {
  'Budget-friendly': 'Hostels, street food, public transport',
  Moderate: 'Comfortable hotels and good local restaurants',
  Luxury: 'Boutique hotels, fine dining, private transfers',
  'No limit': 'The very best, whatever it costs',
};

interface QuestionFlowModalProps {
  open: boolean;
  onClose: () => void;
  /** Called with the new trip before the page moves to it (the trip list puts it first). */
  onCreated?: (trip: TripView) => void;
}

/**
 * The six-step guided planner (spec §2 "Question flow"): answers in, a trip with an AI guide out. It opens on the
 * landing page too, outside the screens' data layer, so it brings the signed-in user's own.
 */
export function QuestionFlowModal(props: QuestionFlowModalProps) {
  const { user } = useSession();
  return (
    <DataLayer userId={user?.userId}>
      <QuestionFlow {...props} />
    </DataLayer>
  );
}

function QuestionFlow({ open, onClose, onCreated }: QuestionFlowModalProps) {
  const navigate = useNavigate();
  const [flow, dispatch] = useReducer(flowReducer, undefined, initialFlow);
  const [creating, setCreating] = useState(false);
  const creation = useCreateTrip();
  const [error, setError] = useState<string | null>(null);
  const { step, answers, phase } = flow;
  const name = STEPS[step] ?? 'summary';

  // The animation clock: exit, then switch step and enter.
  useEffect(() => {
    if (phase === 'idle') return;
    const timer = setTimeout(
      () => dispatch({ type: phase === 'exiting' ? 'exited' : 'entered' }),
      phase === 'exiting' ? EXIT_MS : ENTER_MS,
    );
    return () => clearTimeout(timer);
  }, [phase]);

  // A new step takes focus, so keyboard and screen-reader users land on its first control, not the page body. An
  // enabled one: while the dates step's calendar loads, its first control is the (disabled) confirm button.
  const stepRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (phase !== 'entering') return;
    stepRef.current
      ?.querySelector<HTMLElement>(
        '[data-autofocus], input:not(:disabled), button:not(:disabled), select:not(:disabled), textarea:not(:disabled)',
      )
      ?.focus();
  }, [phase, step]);

  const close = () => {
    if (creating) return;
    dispatch({ type: 'reset' });
    setError(null);
    onClose();
  };

  const answer = (patch: Partial<QuestionAnswers>, place?: { latitude: number; longitude: number } | null) =>
    dispatch({ type: 'answer', patch, place });

  const create = async () => {
    setCreating(true);
    setError(null);
    try {
      const created = await creation.mutateAsync(createTripBody(answers, flow.place));
      onCreated?.(created.trip);
      dispatch({ type: 'reset' });
      void navigate(`/trips/${created.id}`);
    } catch (err) {
      setError(errorMessage(err, ''));
      setCreating(false);
    }
  };

  return (
    <Modal open={open} onClose={close} title="Plan your trip">
      <div className={styles.flow}>
        <div className={styles.progress}>
          <div className={styles.progressText}>
            <span>{TITLES[name]}</span>
            <span>
              {step + 1} of {QUESTION_FLOW_STEPS}
            </span>
          </div>
          <div
            className={styles.progressTrack}
            role="progressbar"
            aria-label="Question flow progress"
            aria-valuemin={1}
            aria-valuemax={QUESTION_FLOW_STEPS}
            aria-valuenow={step + 1}
            aria-valuetext={`${step + 1} of ${QUESTION_FLOW_STEPS}`}
          >
            <div
              className={styles.progressBar}
              style={{ '--progress': `${((step + 1) / QUESTION_FLOW_STEPS) * 100}%` } as CSSProperties}
            />
          </div>
        </div>

        <div
          className={cx(
            styles.step,
            phase === 'exiting' && styles.exiting,
            phase === 'entering' && styles.entering,
          )}
          key={step}
          ref={stepRef}
        >
          {name === 'destination' && (
            <DestinationStep
              initial={answers.destination}
              onSubmit={(destination, place) => answer({ destination }, place)}
            />
          )}
          {name === 'dates' && <DatesStep answers={answers} onSubmit={answer} />}
          {name === 'budget' && (
            <SingleChoiceStep
              question="What is your budget?"
              label="Budget"
              options={BUDGET_OPTIONS}
              hints={BUDGET_HINTS}
              selected={answers.budget}
              onChoose={(budget) => answer({ budget })}
            />
          )}
          {name === 'interests' && (
            <InterestsStep selected={answers.interests} onSubmit={(interests) => answer({ interests })} />
          )}
          {name === 'travelStyle' && (
            <SingleChoiceStep
              question="Who is travelling?"
              label="Travel style"
              options={TRAVEL_STYLE_OPTIONS}
              selected={answers.travelStyle}
              onChoose={(travelStyle) => answer({ travelStyle })}
            />
          )}
          {name === 'summary' && (
            <div className={styles.stepBody}>
              <p className={styles.question}>Ready to create your trip?</p>
              <dl className={styles.summary}>
                {summaryRows(answers).map((row) => (
                  <div key={row.label} className={styles.summaryRow}>
                    <div>
                      <dt className={styles.summaryLabel}>{row.label}</dt>
                      <dd className={styles.summaryValue}>{row.value}</dd>
                    </div>
                    <Button
                      variant="ghost"
                      onClick={() => dispatch({ type: 'go', step: row.step })}
                      disabled={creating}
                      aria-label={`Edit ${row.label.toLowerCase()}`}
                      title={`Edit ${row.label.toLowerCase()}`}
                    >
                      <Pencil size={16} aria-hidden="true" />
                      Edit
                    </Button>
                  </div>
                ))}
              </dl>
              {error !== null && (
                <Notice tone="error" detail={error && error !== CREATE_FAILED ? error : undefined}>
                  {CREATE_FAILED}
                </Notice>
              )}
              {creating && (
                <p className={styles.creatingNote} role="status">
                  Writing your day-by-day guide. This can take a little while.
                </p>
              )}
              <Button
                variant="accent"
                size="large"
                fullWidth
                loading={creating}
                loadingText="Creating Your Trip..."
                onClick={() => void create()}
              >
                <Check size={20} aria-hidden="true" />
                Create My Trip
              </Button>
            </div>
          )}
        </div>

        {step > 0 && name !== 'summary' && (
          <Button
            variant="ghost"
            className={styles.back}
            onClick={() => dispatch({ type: 'go', step: step - 1 })}
          >
            <ArrowLeft size={18} aria-hidden="true" />
            Back
          </Button>
        )}
      </div>
    </Modal>
  );
}

function InterestsStep({
  selected,
  onSubmit,
}: {
  selected: string[];
  onSubmit: (interests: string[]) => void;
}) {
  const [chosen, setChosen] = useState<string[]>(selected);
  const toggle = (option: string) =>
    setChosen((current) =>
      current.includes(option) ? current.filter((o) => o !== option) : [...current, option],
    );
  return (
    <div className={styles.stepBody}>
      <p className={styles.question}>What do you enjoy? Pick as many as you like.</p>
      <div className={styles.options} role="group" aria-label="Interests">
        {INTEREST_OPTIONS.map((option) => (
          <button
            key={option}
            type="button"
            className={styles.option}
            aria-pressed={chosen.includes(option)}
            onClick={() => toggle(option)}
          >
            <span className={styles.optionLabel}>{option}</span>
            {chosen.includes(option) && <Check className={styles.optionCheck} size={18} aria-hidden="true" />}
          </button>
        ))}
      </div>
      <Button
        onClick={() => onSubmit(INTEREST_OPTIONS.filter((o) => chosen.includes(o)))}
        disabled={chosen.length === 0}
        fullWidth
      >
        {chosen.length === 0 ? 'Pick at least one interest' : 'Continue'}
      </Button>
    </div>
  );
}

/** A step answered by one choice among a few (budget, travel style): choosing one answers the step. */
function SingleChoiceStep<T extends string>({
  question,
  label,
  options,
  hints,
  selected,
  onChoose,
}: {
  question: string;
  label: string;
  options: readonly T[];
  hints?: Record<T, string>;
  selected: string;
  onChoose: (option: T) => void;
}) {
  return (
    <div className={styles.stepBody}>
      <p className={styles.question}>{question}</p>
      <div className={styles.options} role="group" aria-label={label}>
        {options.map((option) => (
          <button
            key={option}
            type="button"
            className={styles.option}
            aria-pressed={selected === option}
            onClick={() => onChoose(option)}
          >
            <span className={styles.optionLabel}>{option}</span>
            {hints && <span className={styles.optionHint}>{hints[option]}</span>}
          </button>
        ))}
      </div>
    </div>
  );
}
