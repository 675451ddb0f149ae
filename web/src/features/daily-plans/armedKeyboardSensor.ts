import { KeyboardSensor, type KeyboardSensorProps, type SensorInstance } from '@dnd-kit/core';

/** The keys a keyboard drag answers to: the arrows move, Space/Enter/Tab drop, Escape cancels. */
const DRAG_KEYS = new Set([
  'ArrowDown',
  'ArrowUp',
  'ArrowLeft',
  'ArrowRight',
  'Space',
  'Enter',
  'Tab',
  'Escape',
]);

/**
 * @dnd-kit's KeyboardSensor starts listening for the next keys one task after the key that picked the plan up
 * (a `setTimeout`, so that key itself does not drop it). A browser runs waiting key presses before timers, so on a
 * busy device a quick "Space, ArrowDown" lost the arrow: it scrolled the page and the plan landed a day short.
 * This sensor holds the drag keys pressed in that gap and hands them to the KeyboardSensor, in order, once it listens.
 */
export class ArmedKeyboardSensor implements SensorInstance {
  static activators = KeyboardSensor.activators;

  autoScrollEnabled: boolean;

  constructor(props: KeyboardSensorProps) {
    const pickUp = props.event;
    const doc = (pickUp.target as Node | null)?.ownerDocument ?? document;
    const early: KeyboardEvent[] = [];
    const hold = (event: KeyboardEvent) => {
      if (event === pickUp || !DRAG_KEYS.has(event.code)) return;
      // Kept from the KeyboardSensor too, should it start listening before this timer runs: each key counts once.
      event.stopImmediatePropagation();
      event.preventDefault();
      early.push(event);
    };
    doc.addEventListener('keydown', hold);
    // Starts listening in a timer of its own, set here: this later timer runs after it.
    this.autoScrollEnabled = new KeyboardSensor(props).autoScrollEnabled;
    setTimeout(() => {
      doc.removeEventListener('keydown', hold);
      for (const { key, code } of early) {
        doc.dispatchEvent(new KeyboardEvent('keydown', { key, code, bubbles: true, cancelable: true }));
      }
    });
  }
}
