import { useEffect, useState } from 'react';

/** How long a window must have been in front, with the focus, before its Confirm takes a click. */
export const SETTLE_MS = 700;

/**
 * Whether this window has been visible and focused for SETTLE_MS without a break: a click that
 * lands the moment it comes to the front (a double click begun on another page) is not taken.
 */
export function useSettledFocus(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      clearTimeout(timer);
      setSettled(false);
      if (document.visibilityState === 'visible' && document.hasFocus()) {
        timer = setTimeout(() => setSettled(true), SETTLE_MS);
      }
    };
    update();
    window.addEventListener('focus', update);
    window.addEventListener('blur', update);
    document.addEventListener('visibilitychange', update);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', update);
      window.removeEventListener('blur', update);
      document.removeEventListener('visibilitychange', update);
    };
  }, []);
  return settled;
}
