import { Button, Card, Tag, TextArea } from '@blueprintjs/core';
import {
  ArrowRightIcon,
  CodeBlockIcon,
  FlashIcon,
  GridViewIcon,
  PlayIcon,
  TickIcon,
} from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PublicHeader } from '../../components/PublicHeader';
import { useStores } from '../../stores-context';
import { FEATURES, HERO, PRICING } from '../../texts/public-texts';
import { PAGE_TITLES } from '../../texts/page-titles';
import { usePageTitle } from '../../components/use-page-title';
import { PublicFooter } from '../../components/PublicFooter';
import { SalesContactDialog } from './SalesContactDialog';
import './home.css';

const FEATURE_ICONS = [
  <GridViewIcon key="v" size={22} />,
  <FlashIcon key="a" size={22} />,
  <CodeBlockIcon key="p" size={22} />,
];

/** The landing page: hero with the sample prompt, the feature trio, pricing, sales contact, footer. */
export const HomePage = observer(function HomePage() {
  const { landing } = useStores();
  const navigate = useNavigate();
  const pricing = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  usePageTitle(PAGE_TITLES.home);

  // Links to /#pricing (the upgrade prompts' "Compare plans") open at the plans.
  useEffect(() => {
    if (hash === '#pricing') pricing.current?.scrollIntoView({ block: 'start' });
  }, [hash]);

  const scrollToPricing = () => {
    landing.interaction('pricing_clicked');
    pricing.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const startBuilding = () => {
    const target = landing.startBuilding();
    if (target) navigate(target);
  };
  const visitPlayground = () => navigate(landing.visitPlayground());
  const selectPlan = (plan: string) => {
    landing.interaction('plan_selected', { plan });
    navigate(landing.planTarget());
  };

  return (
    <div className="public-page home-page">
      <PublicHeader onPricing={scrollToPricing} signInRedirect="/app" />
      <main>
        <section className="hero">
          <h1>{HERO.heading}</h1>
          <p className="hero-sub">{HERO.subheading}</p>
          <Card className="hero-prompt" elevation={2}>
            <label htmlFor="hero-prompt" className="hero-prompt-label">
              {HERO.promptLabel}
            </label>
            <TextArea
              id="hero-prompt"
              fill
              autoResize
              value={landing.prompt}
              onChange={(event) => landing.setPrompt(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) startBuilding();
              }}
            />
            {landing.blankPrompt && (
              <p className="hero-hint" role="status">
                {HERO.blankPromptHint}
              </p>
            )}
            <div className="hero-actions">
              <Button
                size="large"
                intent="primary"
                endIcon={<ArrowRightIcon />}
                text={HERO.startBuilding}
                onClick={startBuilding}
              />
              <Button
                size="large"
                variant="outlined"
                icon={<PlayIcon />}
                text={HERO.visitPlayground}
                onClick={visitPlayground}
              />
            </div>
          </Card>
        </section>

        <section className="features" aria-label="Features">
          {FEATURES.map((feature, index) => (
            <Card key={feature.title} className="feature-card">
              <span className="feature-icon">{FEATURE_ICONS[index]}</span>
              <h2>{feature.title}</h2>
              <p className="muted">{feature.text}</p>
            </Card>
          ))}
        </section>

        <section className="pricing" id="pricing" ref={pricing} aria-labelledby="pricing-heading">
          <h2 id="pricing-heading">{PRICING.heading}</h2>
          <p className="muted pricing-sub">{PRICING.subheading}</p>
          <div className="pricing-cards">
            <PlanCard plan={PRICING.free} onAction={() => selectPlan('free')} />
            <PlanCard plan={PRICING.starter} popular onAction={() => selectPlan('starter')} />
            <PlanCard plan={PRICING.enterprise} contact onAction={() => landing.contact.open()} />
          </div>
        </section>
      </main>
      <PublicFooter />
      <SalesContactDialog form={landing.contact} />
    </div>
  );
});

interface PlanTexts {
  name: string;
  price: string;
  action: string;
  features: readonly string[];
}

function PlanCard({
  plan,
  popular = false,
  contact = false,
  onAction,
}: {
  plan: PlanTexts;
  popular?: boolean;
  contact?: boolean;
  onAction: () => void;
}) {
  return (
    <Card className={`plan-card${popular ? ' plan-popular' : ''}`} data-testid={`plan-${plan.name}`}>
      {popular && (
        <Tag intent="primary" round className="plan-badge">
          {PRICING.mostPopular}
        </Tag>
      )}
      <h3>{plan.name}</h3>
      <p className="plan-price">
        <strong>{plan.price}</strong>
        {!contact && <span className="muted">{PRICING.perMonth}</span>}
      </p>
      <ul className="plan-features">
        {plan.features.map((feature) => (
          <li key={feature}>
            <TickIcon className="plan-tick" />
            {feature}
          </li>
        ))}
      </ul>
      <Button
        fill
        size="large"
        intent={popular ? 'primary' : 'none'}
        variant={popular ? 'solid' : 'outlined'}
        text={plan.action}
        onClick={onAction}
      />
    </Card>
  );
}
