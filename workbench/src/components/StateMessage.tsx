import { NonIdealState, type NonIdealStateProps } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface StateMessageProps extends Omit<NonIdealStateProps, 'title'> {
  title: ReactNode;
  /** The heading level the title takes in the page's outline: 1 when it is the page's heading. */
  level: 1 | 2 | 3;
}

/**
 * Blueprint's NonIdealState with its title at the heading level the page's outline needs (the
 * component always writes an h4, which skips levels on a page whose only content it is).
 */
export function StateMessage({ title, level, description, ...props }: StateMessageProps) {
  const Heading = `h${level}` as const;
  return (
    <NonIdealState
      {...props}
      description={
        <div>
          <Heading className="bp6-heading state-message-title">{title}</Heading>
          {description}
        </div>
      }
    />
  );
}
