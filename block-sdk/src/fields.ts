import type {
  BooleanField,
  ModelField,
  NumberField,
  PromptField,
  SelectField,
  SelectOption,
  TextField,
} from '@blocksmith/schema';

/**
 * Builders for setting declarations. Each returns a plain, serialisable field whose TypeScript
 * type carries what the value will be, so `SettingsOf<typeof settings>` is inferred, never cast.
 */
type Without<T, K extends keyof T> = Omit<T, K | 'type'>;

export function text<const F extends Without<TextField, never>>(field: F): F & { type: 'text' } {
  return { ...field, type: 'text' };
}

export function prompt<const F extends Without<PromptField, never>>(field: F): F & { type: 'prompt' } {
  return { ...field, type: 'prompt' };
}

export function number<const F extends Without<NumberField, never>>(field: F): F & { type: 'number' } {
  return { ...field, type: 'number' };
}

export function boolean<const F extends Without<BooleanField, never>>(field: F): F & { type: 'boolean' } {
  return { ...field, type: 'boolean' };
}

export function select<
  const O extends readonly SelectOption[],
  const F extends Without<SelectField, 'options' | 'default'> & { default?: O[number]['value'] },
>(field: F & { options: O }): F & { options: O; type: 'select' } {
  return { ...field, type: 'select' };
}

export function model<const F extends Without<ModelField, never>>(field: F): F & { type: 'model' } {
  return { ...field, type: 'model' };
}

/**
 * The model setting of an AI block: any of the server's models able to do `capability`, starting
 * at the server's default (`gpt-4`, the spec's name, means "the server's default text model").
 * `tools`: models that can call tools (`ctx.ai.toolTurn`), for agents.
 */
export function aiModel<const C extends 'text' | 'structured' | 'vision' | 'tools'>(capability: C) {
  return model({
    label: 'Model',
    capability,
    fallback: 'gpt-4',
    default: 'gpt-4',
    help: 'Which of the server’s models answers. The server default follows how the server is set up.',
  });
}

/** `import { field } from '@blocksmith/block-sdk'` then `field.number({...})`. */
export const field = { text, prompt, number, boolean, select, model, aiModel };
