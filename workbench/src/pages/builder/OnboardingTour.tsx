import { Button, Card, Portal } from '@blueprintjs/core';
import { CrossIcon } from '@blueprintjs/icons';
import { MOBILE_BREAKPOINT } from '@blocksmith/schema';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores } from '../../stores-context';
import type { TourTarget } from '../../stores/onboarding-store';
import { ONBOARDING, ONBOARDING_STEPS } from '../../texts/runner-texts';

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** The element a step describes; a block's output handle for 'connect' when there is a block. */
function findTarget(target: TourTarget): HTMLElement | null {
  if (target === 'connect') {
    const handle = document.querySelector<HTMLElement>('.react-flow__handle.handle-output');
    if (handle) return handle;
    return document.querySelector<HTMLElement>('[data-tour="canvas"]');
  }
  const all = [...document.querySelectorAll<HTMLElement>(`[data-tour="${target}"]`)];
  // The one on screen (a phone has the panels twice while one slides in).
  return all.find((element) => element.getClientRects().length > 0) ?? all[0] ?? null;
}

/** Whether `element` is the canvas standing in for the 'connect' step's handle until a block has one. */
const standsIn = (element: HTMLElement, target: TourTarget) =>
  target === 'connect' && !element.classList.contains('react-flow__handle');

const CARD_WIDTH = 340;
const GAP = 14;

/**
 * Where the card goes for a highlighted `box` in a `view` of the page: beside it (right, left,
 * below, above, the first with room), inside its lower left corner when it fills much of the
 * screen (the canvas), along the bottom edge on a phone; always within the view.
 */
export function cardPlacement(
  box: Box | null,
  view: { width: number; height: number },
  card: { width: number; height: number },
): { top: number; left: number } {
  const clamp = (value: number, max: number) => Math.max(8, Math.min(value, max - 8));
  if (view.width < MOBILE_BREAKPOINT || box === null) {
    return {
      left: clamp((view.width - card.width) / 2, view.width - card.width),
      top: view.height - card.height - 12,
    };
  }
  // What shows of it: a long palette reaches far below the screen.
  const shown = {
    width: Math.min(box.left + box.width, view.width) - Math.max(box.left, 0),
    height: Math.min(box.top + box.height, view.height) - Math.max(box.top, 0),
  };
  if (shown.width > 0.5 * view.width && shown.height > 0.5 * view.height) {
    return {
      left: box.left + 16,
      top: clamp(box.top + box.height - card.height - 16, view.height - card.height),
    };
  }
  const top = clamp(box.top, view.height - card.height);
  if (box.left + box.width + GAP + card.width <= view.width) return { left: box.left + box.width + GAP, top };
  if (box.left - GAP - card.width >= 0) return { left: box.left - GAP - card.width, top };
  const left = clamp(box.left + box.width - card.width, view.width - card.width);
  if (box.top + box.height + GAP + card.height <= view.height)
    return { left, top: box.top + box.height + GAP };
  return { left, top: clamp(box.top - GAP - card.height, view.height - card.height) };
}

/** Follows the target's place on screen while the step is shown (panels slide, pages scroll). */
function useTargetBox(target: TourTarget, active: boolean): Box | null {
  const [box, setBox] = useState<Box | null>(null);
  useEffect(() => {
    if (!active) return;
    let scrolled = false;
    let frame = 0;
    let element: HTMLElement | null = null;
    const measure = () => {
      // The page is searched again only when the element found is gone or hidden (a phone's
      // panel slid out), or stood in for a handle not drawn yet: not every frame, which on a
      // large canvas costs more than the frame's measuring.
      if (!element?.isConnected || element.getClientRects().length === 0 || standsIn(element, target)) {
        element = findTarget(target);
      }
      if (element && !scrolled) {
        element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        scrolled = true;
      }
      const rect = element?.getBoundingClientRect();
      const next =
        rect && rect.width > 0
          ? { top: rect.top, left: rect.left, width: rect.width, height: rect.height }
          : null;
      setBox((current) =>
        current &&
        next &&
        Object.keys(next).every((key) => current[key as keyof Box] === next[key as keyof Box])
          ? current
          : next,
      );
    };
    // Every frame: panels slide in and pages scroll under the highlight.
    const follow = () => {
      measure();
      frame = window.requestAnimationFrame(follow);
    };
    frame = window.requestAnimationFrame(follow);
    return () => window.cancelAnimationFrame(frame);
  }, [target, active]);
  return active ? box : null;
}

/**
 * The seven-step tour: Next, Previous, Skip. Each step highlights what it describes (the canvas,
 * the palette, the templates, a block's output handle, the properties panel, Run, Publish),
 * opening or scrolling to it, and the card stands beside it, so a person can try each step while
 * reading it.
 */
export const OnboardingTour = observer(function OnboardingTour() {
  const { onboarding, builder } = useStores();
  const { open, target } = onboarding;
  useEffect(() => {
    if (open) builder.gestures.revealForTour(target);
  }, [open, target, builder]);
  useEffect(() => () => builder.gestures.revealForTour(null), [builder]);
  const box = useTargetBox(target, open);
  const [card, setCard] = useState<HTMLElement | null>(null);
  if (!open) return null;
  const step = ONBOARDING_STEPS[onboarding.step] ?? ONBOARDING_STEPS[0]!;
  const view = { width: window.innerWidth, height: window.innerHeight };
  const size = { width: card?.offsetWidth ?? CARD_WIDTH, height: card?.offsetHeight ?? 180 };
  const place = cardPlacement(box, view, size);
  const close = () => {
    onboarding.skip();
    builder.gestures.revealForTour(null);
  };
  return (
    <Portal className="onboarding-portal">
      {box && (
        <div
          className="tour-spotlight"
          data-testid="tour-spotlight"
          data-target={target}
          aria-hidden="true"
          style={{ top: box.top - 4, left: box.left - 4, width: box.width + 8, height: box.height + 8 }}
        />
      )}
      <Card
        ref={setCard}
        className="onboarding-card"
        elevation={3}
        role="dialog"
        aria-label={step.title}
        data-testid="onboarding"
        data-target={target}
        style={{ top: place.top, left: place.left }}
      >
        <div className="onboarding-head">
          <h4>{step.title}</h4>
          <Button
            variant="minimal"
            size="small"
            icon={<CrossIcon />}
            aria-label={ONBOARDING.skip}
            onClick={close}
          />
        </div>
        <p>{step.text}</p>
        <div className="onboarding-foot">
          <span className="muted small" data-testid="onboarding-step">
            {ONBOARDING.stepOf(onboarding.step + 1, onboarding.count)}
          </span>
          <span className="onboarding-actions">
            <Button variant="minimal" size="small" text={ONBOARDING.skip} onClick={close} />
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
              onClick={() => {
                const last = onboarding.isLast;
                onboarding.next();
                if (last) builder.gestures.revealForTour(null);
              }}
            />
          </span>
        </div>
      </Card>
    </Portal>
  );
});
