import { useId, useMemo, useState } from 'react';
import { FileText, Sparkles } from 'lucide-react';
import type { GuideSection } from '@wayfare/contract';
import { Tabs } from '../../shared/ui/Tabs';
import { guideView, providerLabel, textBlocks, type GuideTrip } from './guide';
import styles from './RecommendationsPanel.module.css';

/** The trip's AI guide (spec §2 "Recommendations block"): a tab per section that has text, first one selected. */
export function RecommendationsPanel({ trip }: { trip: GuideTrip }) {
  const view = useMemo(() => guideView(trip.recommendations), [trip.recommendations]);
  const writer = providerLabel(trip.recommendations_provider);
  const titleId = useId();

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          <Sparkles size={20} aria-hidden="true" />
          AI Travel Guide
        </h2>
        {writer && view.kind !== 'empty' && <p className={styles.writer}>Written by {writer}</p>}
      </header>
      {view.kind === 'empty' && <p className={styles.empty}>No recommendations available at this time.</p>}
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
