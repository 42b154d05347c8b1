import { AnchorButton, type AnchorButtonProps } from '@blueprintjs/core';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * A Blueprint button that is a real link (middle-click, copy address, screen readers say "link")
 * but navigates inside the app without reloading it.
 */
export function LinkButton({ href, onClick, ...props }: AnchorButtonProps & { href: string }) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    navigate(href);
  };
  return <AnchorButton href={href} onClick={follow} {...props} />;
}
