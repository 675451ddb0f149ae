import { useNavigate } from 'react-router';
import { Lock } from 'lucide-react';
import { Button } from '@/shared/ui/Button';
import { useDocumentTitle } from '@/shared/useDocumentTitle';
import styles from '@/shared/ui/MessagePanel.module.css';

const MESSAGE = 'Please log in to access trip expense sharing.';

/** What a signed-out visitor sees on the trip split overview (spec §2). */
export function LoginRequired() {
  const navigate = useNavigate();
  useDocumentTitle('Login Required');
  return (
    <section className={styles.panel} aria-labelledby="login-required-title">
      <div className={styles.icon} aria-hidden="true">
        <Lock size={26} />
      </div>
      <h1 id="login-required-title" className={styles.title}>
        Login Required
      </h1>
      <p className={styles.text}>{MESSAGE}</p>
      <Button
        className={styles.action}
        onClick={() => void navigate('/login', { state: { message: MESSAGE } })}
      >
        Go to Login
      </Button>
    </section>
  );
}
