import type { PluginInstance } from './app';
import { linkedInValueProblem } from './linkedin';

/**
 * The checks an input block may declare on what the person enters, by name. The set is closed:
 * each check has one implementation here, which the gateway applies before a run starts and the
 * workbench before it sends one, so both refuse the same values with the same message.
 */
export const INPUT_CHECKS = ['linkedInProfileUrl'] as const;

export type InputCheck = (typeof INPUT_CHECKS)[number];

/** Why `value` fails a check, given the block's settings, as a one-line message; null when it passes. */
type InputCheckRule = (settings: Readonly<Record<string, unknown>>, value: unknown) => string | null;

const RULES: Record<InputCheck, InputCheckRule> = {
  /** A label asking for a LinkedIn profile ('LinkedIn' as written) wants a `linkedin.com/in/` address. */
  linkedInProfileUrl: (settings, value) => linkedInValueProblem(settings.label, value),
};

export function isInputCheck(name: unknown): name is InputCheck {
  return typeof name === 'string' && (INPUT_CHECKS as readonly string[]).includes(name);
}

/**
 * The first of `checks` that `value` fails, as its one-line message, or null. Names this version
 * does not know are passed over: a newer server may declare more, and it applies them itself.
 */
export function inputCheckProblem(
  checks: readonly string[],
  settings: Readonly<Record<string, unknown>>,
  value: unknown,
): string | null {
  for (const check of checks) {
    if (!isInputCheck(check)) continue;
    const problem = RULES[check](settings, value);
    if (problem) return problem;
  }
  return null;
}

/**
 * The check before a run is sent: every block whose kind declares input checks (`checksOf`, from
 * the block catalogue) has its value (`values[keyOf(block)]`) checked. The message for the first
 * block that fails, or null.
 */
export function inputChecksProblem(
  plugins: readonly PluginInstance[],
  values: Readonly<Record<string, unknown>>,
  keyOf: (plugin: PluginInstance) => string,
  checksOf: (type: string) => readonly string[] | null | undefined,
): string | null {
  for (const plugin of plugins) {
    const checks = checksOf(plugin.type);
    if (!checks || checks.length === 0) continue;
    const problem = inputCheckProblem(checks, plugin.settings, values[keyOf(plugin)]);
    if (problem) return problem;
  }
  return null;
}
