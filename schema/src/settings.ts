import type { ModelCapability } from './models';

/**
 * Serialisable declarations of a block's settings. The block SDK builds typed declarations of
 * these shapes, the gateway validates saved settings against them and the workbench renders the
 * properties form from them, so they hold everything a form needs and nothing that cannot be sent
 * as JSON.
 */
interface FieldBase {
  /** Label shown above the control. */
  label: string;
  /** One sentence of help under the control. */
  help?: string;
  /** When false the field may be left empty; defaults to true for fields without a default. */
  required?: boolean;
  /**
   * Needed before a run (not to save a draft) while another setting holds one of these values:
   * Condition's "Compare with" for its category rule. The pre-run checklist reads it.
   */
  requiredWhen?: { setting: string; values: readonly string[] };
}

/** Text the block fills placeholders in (`{{name}}`, `{{item.name}}`) from upstream variables. */
interface TemplateText {
  /** Placeholder names the block fills itself besides upstream variables and `input_text`. */
  fills?: readonly string[];
}

export interface TextField extends FieldBase, TemplateText {
  type: 'text';
  /** Its placeholders are filled from upstream variables (prompt fields always are). */
  template?: boolean;
  default?: string;
  placeholder?: string;
  multiline?: boolean;
  maxLength?: number;
  /**
   * What the properties panel offers to pick instead of typing: `knowledgeBase`, the id of one of
   * the owner's knowledge bases; `apps`, apps a model may call as tools (ids of the owner's apps or
   * store slugs, comma-separated); `secret`, the name of one of the owner's secrets; `mcpServers`,
   * MCP servers, one a line (`<url>` or `<url> <secret name>`).
   */
  picker?: TextPicker;
}

/** The pickers a text setting may ask the properties panel for (`TextField.picker`). */
export type TextPicker = 'knowledgeBase' | 'apps' | 'secret' | 'mcpServers';

/** A prompt template: text with `{{variable}}` placeholders filled from upstream blocks at run time. */
export interface PromptField extends FieldBase, TemplateText {
  type: 'prompt';
  default?: string;
  placeholder?: string;
  maxLength?: number;
}

export interface NumberField extends FieldBase {
  type: 'number';
  default?: number;
  min?: number;
  max?: number;
  step?: number;
  integer?: boolean;
  /** Unit shown after the value, e.g. `MB` or `px`. */
  unit?: string;
}

export interface BooleanField extends FieldBase {
  type: 'boolean';
  default?: boolean;
}

export interface SelectOption {
  value: string;
  label: string;
  /** Extra data a block attaches to a choice, e.g. the file extensions an accepted-types choice allows. */
  meta?: Record<string, string | number | boolean | string[]>;
}

export interface SelectField extends FieldBase {
  type: 'select';
  options: readonly SelectOption[];
  default?: string;
}

/**
 * A model picker whose choices come from the server's available-models list for a capability.
 * `fallback` is used when the server cannot say.
 */
export interface ModelField extends FieldBase {
  type: 'model';
  /** What the block needs of its model: only models of the catalogue that can do it are offered. */
  capability: ModelCapability;
  fallback: string;
  default?: string;
}

export type SettingField = TextField | PromptField | NumberField | BooleanField | SelectField | ModelField;
export type SettingFieldType = SettingField['type'];

export type SettingsSpec = Readonly<Record<string, SettingField>>;

export interface SettingIssue {
  /** Setting key, e.g. `maxSize`. */
  field: string;
  message: string;
}
