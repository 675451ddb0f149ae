import { useId, useMemo, useState } from 'react';
import { FileText, Info, Sparkles } from 'lucide-react';
import type { GuideSection } from '@wayfare/contract';
import { SkeletonBlock } from '@/shared/ui/Skeleton';
import { Tabs } from '@/shared/ui/Tabs';
import { guideView, providerLabel, textBlocks, useGuide, type GuideTrip } from './guide';
import styles from './RecommendationsPanel.module.css';

export const GUIDE_WRITING = 'Writing your guide…';
export const GUIDE_FALLBACK = 'The AI guide could not be written; this is the offline guide.';

/**
 * The trip's AI guide (spec §2 "Recommendations block"): a tab per section that has text, first one selected.
 * While the guide is being written, or its parser loads, a placeholder of its size (busy); a guide the offline planner wrote because the
 * AI failed says so.
 */
export function RecommendationsPanel({ trip }: { trip: GuideTrip }) {
  const parsed = useGuide(trip.recommendations);
  const view = useMemo(() => guideView(parsed), [parsed]);
  const writer = providerLabel(trip.recommendations_provider);
  const titleId = useId();
  const writing = trip.guide_status === 'writing';
  const placeholder = writing || view.kind === 'reading';

  return (
    <section className={styles.panel} aria-labelledby={titleId} aria-busy={placeholder}>
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
      {placeholder && <GuideSkeleton />}
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
      <div className={styles.skeletonTabs}>
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

function GuideTabs({ tabs }: { tabs: Array<{ section: GuideSection; label: string; text: string }> }) {
  const [selected, setSelected] = useState(tabs[0]?.section);
  const current = tabs.find((tab) => tab.section === selected) ?? tabs[0];
  if (!current) return null;
  return (
    <div className={styles.body}>
      <Tabs
        label="Guide sections"
        tabs={tabs.map((tab) => ({ key: tab.section, label: tab.label }))}
        active={current.section}
        onChange={setSelected}
      >
        <SectionText text={current.text} />
      </Tabs>
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
