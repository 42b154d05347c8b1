import { Button, Card } from '@blueprintjs/core';
import { CrossIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores-context';
import { ONBOARDING, ONBOARDING_STEPS } from '../../texts/runner-texts';

/**
 * The seven-step tour: Next, Previous, Skip. A card in the canvas' lower left corner rather than a
 * modal, so a person can try each step while reading it.
 */
export const OnboardingTour = observer(function OnboardingTour() {
  const { onboarding } = useStores();
  if (!onboarding.open) return null;
  const step = ONBOARDING_STEPS[onboarding.step] ?? ONBOARDING_STEPS[0]!;
  return (
    <Card
      className="onboarding-card"
      elevation={3}
      role="dialog"
      aria-label={step.title}
      data-testid="onboarding"
    >
      <div className="onboarding-head">
        <h4>{step.title}</h4>
        <Button
          variant="minimal"
          size="small"
          icon={<CrossIcon />}
          aria-label={ONBOARDING.skip}
          onClick={() => onboarding.skip()}
        />
      </div>
      <p>{step.text}</p>
      <div className="onboarding-foot">
        <span className="muted small" data-testid="onboarding-step">
          {ONBOARDING.stepOf(onboarding.step + 1, onboarding.count)}
        </span>
        <span className="onboarding-actions">
          <Button variant="minimal" size="small" text={ONBOARDING.skip} onClick={() => onboarding.skip()} />
          <Button
            size="small"
            text={ONBOARDING.previous}
            disabled={onboarding.isFirst}
            onClick={() => onboarding.previous()}
          />
          <Button
            size="small"
            intent="primary"
            text={onboarding.isLast ? ONBOARDING.finish : ONBOARDING.next}
            onClick={() => onboarding.next()}
          />
        </span>
      </div>
    </Card>
  );
});
