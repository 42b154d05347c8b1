import { Callout } from '@blueprintjs/core';
import { LockIcon } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { UpgradeButton } from './UpgradeButton';
import { PRICING_PATH } from '../texts/api-texts';
import { LinkButton } from './LinkButton';
import './developer.css';

/**
 * What a plan does not include, and the way up: Upgrade to Starter (checkout, for free-plan
 * people) and the plans compared on the pricing section. `children` replace the plan actions
 * (e.g. Sign in for visitors).
 */
export function UpgradePrompt({
  title,
  message,
  compareText,
  children,
  testId,
  level = 3,
}: {
  /** The title's heading level in the page's outline (3: under a panel's h2). */
  level?: 2 | 3;
  title: string;
  message: string;
  compareText: string;
  children?: ReactNode;
  testId?: string;
}) {
  const Heading = `h${level}` as const;
  return (
    <Callout className="upgrade-prompt" intent="primary" icon={<LockIcon />} data-testid={testId}>
      {/* A heading of its own rather than the Callout's title (always an h5, skipping levels). */}
      <Heading className="bp6-heading upgrade-prompt-title">{title}</Heading>
      <p>{message}</p>
      <div className="upgrade-prompt-actions">
        {children ?? <UpgradeButton />}
        <LinkButton variant="outlined" href={PRICING_PATH} text={compareText} />
      </div>
    </Callout>
  );
}
