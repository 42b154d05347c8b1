import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { PayoutStatus } from '../../data/entities';
import type { PayoutAccountView } from '../../services/earnings/earnings-views';
import { PayoutAccountStatusEnum, PayoutStatusEnum } from './enums';

@ObjectType('AppEarnings', { simpleResolvers: true, description: 'One of your apps and what it earned.' })
export class AppEarningsType {
  @Field(() => ID, { nullable: true, description: 'null for earnings of apps deleted since.' })
  appId!: string | null;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) slug!: string | null;
  @Field() isPublished!: boolean;
  @Field(() => Int, { description: 'The price you set per run by someone else, in credits.' })
  creatorPrice!: number;
  @Field(() => Int, { description: 'Credits earned in all.' }) credits!: number;
  @Field(() => Int, { description: 'Runs that paid it.' }) runs!: number;
}

@ObjectType('DayEarnings', {
  simpleResolvers: true,
  description: 'Credits one app earned on one day (UTC); days without earnings are left out.',
})
export class DayEarningsType {
  @Field({ description: 'YYYY-MM-DD' }) date!: string;
  @Field(() => ID, { nullable: true }) appId!: string | null;
  @Field(() => Int) credits!: number;
}

@ObjectType('Payout', { simpleResolvers: true, description: 'Earnings sent to your Stripe account.' })
export class PayoutType {
  @Field(() => ID) id!: string;
  @Field(() => Int) credits!: number;
  @Field(() => Int) amountCents!: number;
  @Field() currency!: string;
  @Field(() => PayoutStatusEnum, { description: 'A failed payout’s credits are back in the balance.' })
  status!: PayoutStatus;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field() createdAt!: string;
  @Field(() => String, { nullable: true }) finishedAt!: string | null;
}

@ObjectType('PayoutAccount', { simpleResolvers: true, description: 'Where your payouts stand.' })
export class PayoutAccountType {
  @Field({ description: 'The server pays out through Stripe (STRIPE_SECRET_KEY); else earnings are kept.' })
  configured!: boolean;
  @Field(() => PayoutAccountStatusEnum) status!: PayoutAccountView['status'];
  @Field(() => Int, { description: 'Payouts start at this many credits.' }) threshold!: number;
  @Field(() => Int, { description: 'What one earned credit pays, in US cents.' }) creditValueCents!: number;
  @Field({ description: 'A payout may be asked for now.' }) canPayOut!: boolean;
}

@ObjectType('Earnings', {
  simpleResolvers: true,
  description: 'What your apps earned from other people’s runs.',
})
export class EarningsType {
  @Field(() => Int, { description: 'Earned credits not paid out yet.' }) balance!: number;
  @Field(() => Int, { description: 'Every credit ever earned.' }) total!: number;
  @Field(() => Int, { description: 'Credits paid out.' }) paidOut!: number;
  @Field({ description: 'Your plan includes creator earnings (Starter and up).' }) monetization!: boolean;
  @Field({ description: 'The cheapest plan with creator earnings.' }) requiredPlan!: string;
  @Field(() => Int, { description: 'The days byDay covers, ending today.' }) days!: number;
  @Field(() => [AppEarningsType]) byApp!: AppEarningsType[];
  @Field(() => [DayEarningsType]) byDay!: DayEarningsType[];
  @Field(() => [PayoutType], { description: 'Newest first.' }) payouts!: PayoutType[];
  @Field(() => PayoutAccountType) payoutAccount!: PayoutAccountType;
}

@ObjectType('PayoutOnboarding', { simpleResolvers: true })
export class PayoutOnboardingType {
  @Field({ description: 'Stripe’s onboarding form for your payout account; open it in the browser.' })
  url!: string;
}
