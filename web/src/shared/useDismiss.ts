import { useEffect, type RefObject } from 'react';

/** Calls `onDismiss` when the user presses outside `container` while `open`. */
export function useDismissOnOutsidePress(
  open: boolean,
  onDismiss: () => void,
  container: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !container.current?.contains(event.target)) onDismiss();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, onDismiss, container]);
}
