import styles from './Logo.module.css';

/** The Wayfare mark (a dotted route towards a sun) and wordmark. */
export function Logo() {
  return (
    <span className={styles.logo}>
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="9" fill="#0f6b74" />
        <path
          d="M7 21c3.5-7 8.5-10.5 18-11"
          fill="none"
          stroke="#fde7df"
          strokeWidth="2"
          strokeLinecap="round"
          strokeDasharray="0.5 4"
        />
        <circle cx="24" cy="10" r="3.5" fill="#f08a6c" />
        <path d="M6 25h20" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className={styles.word}>Wayfare</span>
    </span>
  );
}
