import { Plane, Sun, Wallet } from 'lucide-react';
import { cx } from '@/shared/cx';
import styles from './HeroArt.module.css';

/** Decorative: a sunset landscape with a flight path, and two cards hinting at a day plan and a fair split. */
export function HeroArt() {
  return (
    <div className={styles.art} aria-hidden="true">
      <svg className={styles.scene} viewBox="0 0 440 360" preserveAspectRatio="xMidYMid slice">
        <defs>
          <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#fde7df" />
            <stop offset="1" stopColor="#f5c7a8" />
          </linearGradient>
        </defs>
        <rect width="440" height="360" fill="url(#hero-sky)" />
        <circle cx="312" cy="118" r="46" fill="#f08a6c" />
        <path d="M0 250 L90 170 L150 215 L230 130 L330 225 L380 190 L440 230 V360 H0Z" fill="#5fa8a6" />
        <path d="M0 290 L70 240 L140 275 L250 205 L340 270 L440 240 V360 H0Z" fill="#1f8088" />
        <path d="M0 325 C90 295 180 340 270 310 S400 300 440 318 V360 H0Z" fill="#0d5c66" />
        <path
          d="M40 210 C120 110 220 80 360 60"
          fill="none"
          stroke="#ffffff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeDasharray="1 10"
        />
      </svg>
      <Plane className={styles.plane} size={28} />
      <div className={cx(styles.card, styles.planCard)}>
        <span className={styles.cardIcon}>
          <Sun size={16} />
        </span>
        <span>
          <span className={styles.cardLabel}>Day 2 · 24°C</span>
          <span className={styles.cardValue}>Old town walk &amp; tapas</span>
        </span>
      </div>
      <div className={cx(styles.card, styles.splitCard)}>
        <span className={cx(styles.cardIcon, styles.coral)}>
          <Wallet size={16} />
        </span>
        <span>
          <span className={styles.cardLabel}>Settle up</span>
          <span className={styles.cardValue}>Bob pays Alice $33.33</span>
        </span>
      </div>
    </div>
  );
}
