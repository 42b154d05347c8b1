import { useEffect, type RefObject } from 'react';
import { heightMessage } from '../../stores/embed-messages';

/**
 * Tells the page around a framed embed how tall `root`'s content is, whenever it changes, so the
 * frame can grow and shrink with it (see public/embed.js). Nothing is sent outside a frame.
 */
export function usePostedHeight(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (window.parent === window) return;
    let last = -1;
    let observed: HTMLElement | null = null;
    const post = () => {
      const element = root.current;
      if (!element) return;
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      window.parent.postMessage(heightMessage(height), '*');
    };
    const resize = new ResizeObserver(post);
    // The page swaps its content as it loads: follow whichever element is the root now.
    const follow = () => {
      if (root.current === observed) return;
      if (observed) resize.unobserve(observed);
      observed = root.current;
      if (observed) resize.observe(observed);
      post();
    };
    const mutations = new MutationObserver(follow);
    mutations.observe(document.body, { childList: true, subtree: true });
    follow();
    return () => {
      resize.disconnect();
      mutations.disconnect();
    };
  }, [root]);
}
