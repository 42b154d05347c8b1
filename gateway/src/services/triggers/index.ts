export { createTriggers, type Triggers } from './triggers';
export { HookService, type HookView, type HookWithSecret } from './hook-service';
export { HookCalls, HOOK_CALLS_PER_MINUTE, type HookCallOutcome } from './hook-calls';
export { ScheduleService, type ScheduleView, type ScheduleInput } from './schedule-service';
export { TriggerScheduler, TRIGGER_POLL_MS, CREDITS_PAUSE_NOTICE } from './trigger-scheduler';
export { signBody, SECRET_HEADER, SIGNATURE_HEADER } from './hook-secret';
