import { Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ArrowRight, Compass, Route, Sparkles, Wallet } from 'lucide-react';
import {
  useSession,
  QUESTION_FLOW_RETURN,
  wantsQuestionFlow,
  type LoginLocationState,
} from '@/features/auth';
import { lazyNamed } from '@/shared/lazyNamed';
import { Button } from '@/shared/ui/Button';
import { useDocumentTitle } from '@/shared/useDocumentTitle';
import { HeroArt } from './HeroArt';
import styles from './HomePage.module.css';

// The flow brings the calendar and autocomplete: fetched when first opened, not with the landing page.
const QuestionFlowModal = lazyNamed(
  () => import('@/features/question-flow/QuestionFlowModal'),
  'QuestionFlowModal',
);

const LOGIN_TO_PLAN: LoginLocationState = {
  returnTo: QUESTION_FLOW_RETURN,
  message: 'Please log in to start planning your trip',
};

const FEATURES = [
  {
    icon: Compass,
    title: 'Planning from your preferences',
    text: 'Answer six quick questions about where, when, your budget, what you love and who you travel with. Wayfare drafts a day-by-day plan that fits.',
  },
  {
    icon: Route,
    title: 'AI-optimised routes and timing',
    text: 'Sights close together share a day, busy days alternate with calm ones, and the forecast is there for trips starting soon.',
  },
  {
    icon: Wallet,
    title: 'Fair expense splitting',
    text: 'Log who paid what, split equally, by percentage or custom amounts, and see exactly who pays whom to settle up.',
  },
] as const;

export function HomePage() {
  const { user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  // Back from /login with the question-flow marker: open the flow straight away.
  const [flowOpen, setFlowOpen] = useState(() => user !== null && wantsQuestionFlow(location.state));
  useDocumentTitle();

  // The request is one-shot: clear it so a reload or Back does not reopen the flow.
  useEffect(() => {
    if (wantsQuestionFlow(location.state)) void navigate('/', { replace: true, state: null });
  }, [location.state, navigate]);

  const startPlanning = () => {
    if (user) setFlowOpen(true);
    else void navigate('/login', { state: LOGIN_TO_PLAN });
  };

  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={styles.heroInner}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>
              <Sparkles size={16} aria-hidden="true" />
              Trip planning for groups
            </p>
            <h1 id="hero-title" className={styles.heroTitle}>
              Plan the trip together. Split the costs fairly.
            </h1>
            <p className={styles.heroLead}>
              Tell Wayfare where you are headed and what you enjoy. It shapes a day-by-day plan, optimises
              your routes and keeps group expenses simple.
            </p>
            <div className={styles.heroActions}>
              <Button variant="accent" size="large" onClick={startPlanning}>
                Continue
                <ArrowRight size={20} aria-hidden="true" />
              </Button>
              <a className={styles.heroLink} href="#features">
                See how it works
              </a>
            </div>
          </div>
          <div className={styles.heroArt}>
            <HeroArt />
          </div>
        </div>
      </section>

      <section id="features" className={styles.features} aria-labelledby="features-title">
        <h2 id="features-title" className={styles.sectionTitle}>
          Everything your trip needs, in one place
        </h2>
        <p className={styles.sectionLead}>
          From the first idea to the last shared taxi, Wayfare keeps it organised.
        </p>
        <ul className={styles.featureList} role="list">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className={styles.feature}>
              <span className={styles.featureIcon} aria-hidden="true">
                <Icon size={24} />
              </span>
              <h3 className={styles.featureTitle}>{title}</h3>
              <p className={styles.featureText}>{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.closing} aria-labelledby="closing-title">
        <div className={styles.closingInner}>
          <h2 id="closing-title" className={styles.closingTitle}>
            Ready for your next adventure?
          </h2>
          <p className={styles.closingText}>
            Your plan, your group and your shared costs, together from the first day to the last.
          </p>
          <Button size="large" onClick={() => void navigate(user ? '/trips' : '/login')}>
            {user ? 'Open my trips' : 'Start planning'}
          </Button>
        </div>
      </section>

      {flowOpen && (
        <Suspense fallback={null}>
          <QuestionFlowModal open onClose={() => setFlowOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
