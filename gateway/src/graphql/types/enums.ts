import {
  ADMIN_ACTION_KINDS,
  PLAN_IDS,
  RUN_SOURCES,
  type ActionType,
  type AnalyticsLevel,
  type NodeStatus,
  type VerificationStatus,
} from '@blocksmith/schema';
import { registerEnumType } from 'type-graphql';
import type { AppVersionKind, PayoutStatus, RunRecordStatus } from '../../data/entities';
import type { PayoutAccountView } from '../../services/earnings/earnings-views';

/**
 * The closed sets of values the API answers with, as GraphQL enums, so clients' generated types
 * name them. An enum value is sent by its name, so each field sends the same strings it did as a
 * String. Each set is declared from the type the services use (and the database checks), so a
 * value added there but not here is a compile error. Arguments stay Strings: the services refuse
 * a bad value with a message that says what to send.
 */
function enumOf<const T extends string>(values: readonly T[]): { [K in T]: K } {
  return Object.fromEntries(values.map((value) => [value, value])) as { [K in T]: K };
}

/** Every value of a union, checked both ways: none missing, none extra. */
function allOf<T extends string>() {
  return <const V extends readonly T[]>(values: V & ([T] extends [V[number]] ? unknown : never)): V => values;
}

export const PlanIdEnum = enumOf(PLAN_IDS);
registerEnumType(PlanIdEnum, { name: 'PlanId', description: 'A plan: free, starter or enterprise.' });

export const VerificationStatusEnum = enumOf(
  allOf<VerificationStatus>()(['pending', 'approved', 'rejected']),
);
registerEnumType(VerificationStatusEnum, {
  name: 'VerificationStatus',
  description: 'Where a published app’s review stands.',
});

export const ActionTypeEnum = enumOf(allOf<ActionType>()(['test_execution', 'published']));
registerEnumType(ActionTypeEnum, {
  name: 'ActionType',
  description: 'How a run was started: test_execution (the builder’s test run, shown as Test) or published.',
});

export const VersionKindEnum = enumOf(allOf<AppVersionKind>()(['created', 'save', 'autosave', 'restore']));
registerEnumType(VersionKindEnum, {
  name: 'VersionKind',
  description: 'How a version came to be: created, save, autosave (one per editing burst) or restore.',
});

export const AnalyticsLevelEnum = enumOf(allOf<AnalyticsLevel>()(['none', 'basic', 'advanced']));
registerEnumType(AnalyticsLevelEnum, {
  name: 'AnalyticsLevel',
  description: 'What a plan’s analytics show.',
});

export const RunStatusEnum = enumOf(
  allOf<RunRecordStatus>()(['queued', 'running', 'waiting', 'succeeded', 'failed', 'aborted']),
);
registerEnumType(RunStatusEnum, {
  name: 'RunStatus',
  description: 'How a run ended, or that it has not yet.',
});

export const StepStatusEnum = enumOf(
  allOf<NodeStatus>()(['pending', 'running', 'succeeded', 'failed', 'skipped']),
);
registerEnumType(StepStatusEnum, { name: 'StepStatus', description: 'How one block of a run went.' });

export const RunSourceEnum = enumOf(RUN_SOURCES);
registerEnumType(RunSourceEnum, { name: 'RunSource', description: 'Where a run was started.' });

export const PayoutStatusEnum = enumOf(allOf<PayoutStatus>()(['pending', 'paid', 'failed']));
registerEnumType(PayoutStatusEnum, { name: 'PayoutStatus' });

export const PayoutAccountStatusEnum = enumOf(
  allOf<PayoutAccountView['status']>()(['none', 'onboarding', 'enabled']),
);
registerEnumType(PayoutAccountStatusEnum, {
  name: 'PayoutAccountStatus',
  description: 'none (not set up), onboarding (Stripe wants more details) or enabled.',
});

export const AdminActionKindEnum = enumOf(ADMIN_ACTION_KINDS);
registerEnumType(AdminActionKindEnum, {
  name: 'AdminActionKind',
  description: 'What an admin changed: plan, credits, suspend or unsuspend.',
});
