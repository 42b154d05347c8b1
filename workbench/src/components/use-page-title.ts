import { useEffect } from 'react';

/** Shows `title` in the browser tab while the page is on screen, and again whenever it changes. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
