import type { SelectField, SelectOption } from './settings';

/** The part of a select declaration the rules read. */
export type SelectChoices = Pick<SelectField, 'label' | 'options'>;

function single(options: readonly SelectOption[]): SelectOption | undefined {
  return options.length === 1 ? options[0] : undefined;
}

/**
 * The option a select setting's saved value names, or undefined when it names none. A value is
 * accepted as the option's value or as its label (as block tables and the form show it): exactly
 * first, a value before a label, then ignoring case when only one option matches that way.
 * Whoever stores the setting keeps the option's `value`.
 */
export function matchSelectOption(field: SelectChoices, raw: unknown): SelectOption | undefined {
  if (typeof raw !== 'string') return undefined;
  const { options } = field;
  const exact =
    single(options.filter((option) => option.value === raw)) ??
    single(options.filter((option) => option.label === raw));
  if (exact) return exact;
  const folded = raw.toLowerCase();
  return single(
    options.filter(
      (option) => option.value.toLowerCase() === folded || option.label.toLowerCase() === folded,
    ),
  );
}

/**
 * Why a select setting's value was refused, naming what is accepted: each option's value in
 * quotes, with its label after it when the two differ, e.g.
 * `Style must be one of: "card" (Card view), "plain" (Plain text).`
 */
export function selectChoicesMessage(field: SelectChoices): string {
  const choices = field.options.map((option) =>
    option.label === option.value ? `"${option.value}"` : `"${option.value}" (${option.label})`,
  );
  return `${field.label} must be one of: ${choices.join(', ')}.`;
}
