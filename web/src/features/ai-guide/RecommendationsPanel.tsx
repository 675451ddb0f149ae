import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { FileText, Info, Sparkles } from 'lucide-react';
import { SkeletonBlock } from '../../shared/ui/Skeleton';
import { guideView, providerLabel, textBlocks, type GuideTrip } from './guide';
import styles from './RecommendationsPanel.module.css';

export const GUIDE_WRITING = 'Writing your guide…';
export const GUIDE_FALLBACK = 'The AI guide could not be written; this is the offline guide.';

/**
 * The trip's AI guide (spec §2 "Recommendations block"): a tab per section that has text, first one selected.
 * While the guide is being written, a placeholder of its size (busy); a guide the offline planner wrote because the
 * AI failed says so.
 */
export function RecommendationsPanel({ trip }: { trip: GuideTrip }) {
  const view = useMemo(() => guideView(trip.recommendations), [trip.recommendations]);
  const writer = providerLabel(trip.recommendations_provider);
  const writing = trip.guide_status === 'writing';
  const titleId = useId();

  return (
    <section className={styles.panel} aria-labelledby={titleId} aria-busy={writing}>
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          <Sparkles size={20} aria-hidden="true" />
          AI Travel Guide
        </h2>
        {writing ? (
          <p className={styles.writer} role="status">
            {GUIDE_WRITING}
          </p>
        ) : (
          writer && view.kind !== 'empty' && <p className={styles.writer}>Written by {writer}</p>
        )}
      </header>
      {writing && <GuideSkeleton />}
      {trip.guide_status === 'fallback' && (
        <p className={styles.note}>
          <Info size={16} aria-hidden="true" />
          {GUIDE_FALLBACK}
        </p>
      )}
      {!writing && view.kind === 'empty' && (
        <p className={styles.empty}>No recommendations available at this time.</p>
      )}
      {view.kind === 'text' && (
        <div className={styles.body}>
          <p className={styles.note}>
            <FileText size={16} aria-hidden="true" />
            This guide could not be read as structured sections, so it was parsed as text.
          </p>
          <SectionText text={view.text} />
        </div>
      )}
      {view.kind === 'sections' && <GuideTabs key={trip.id} tabs={view.tabs} />}
    </section>
  );
}

/** The guide's shape while it is written: a row of tabs and a section's lines, so nothing moves when it comes. */
function GuideSkeleton() {
  return (
    <div className={styles.body}>
      <div className={styles.tabs}>
        {[0, 1, 2, 3].map((tab) => (
          <SkeletonBlock key={tab} className={styles.skeletonTab} />
        ))}
      </div>
      <div className={styles.text}>
        {[0, 1, 2, 3].map((line) => (
          <SkeletonBlock key={line} className={styles.skeletonLine} />
        ))}
      </div>
    </div>
  );
}

function GuideTabs({ tabs }: { tabs: Array<{ section: string; label: string; text: string }> }) {
  const [selected, setSelected] = useState(0);
  const id = useId();
  const current = tabs[Math.min(selected, tabs.length - 1)];

  // Arrow keys move between tabs (the WAI-ARIA tabs pattern); Home and End jump to the ends.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: (selected + 1) % tabs.length,
      ArrowLeft: (selected - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setSelected(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };

  return (
    <div className={styles.body}>
      <div className={styles.tabs} role="tablist" aria-label="Guide sections" onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={tab.section}
            id={`${id}-tab-${index}`}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={index === selected}
            aria-controls={`${id}-panel`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {current && (
        <div
          id={`${id}-panel`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${selected}`}
          className={styles.tabPanel}
        >
          <SectionText text={current.text} />
        </div>
      )}
    </div>
  );
}

function SectionText({ text }: { text: string }) {
  return (
    <div className={styles.text}>
      {textBlocks(text).map((block, i) =>
        block.kind === 'list' ? (
          <ul key={i} className={styles.list}>
            {block.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={i}>{block.text}</p>
        ),
      )}
    </div>
  );
}
