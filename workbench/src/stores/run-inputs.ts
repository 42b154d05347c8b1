import {
  fileProblem,
  inputChecksProblem,
  matchSelectOption,
  parseDropdownOptions,
  runInputKey,
  type FileRules,
  type PluginInstance,
  type SelectOption,
  type UserMessage,
} from '@blocksmith/schema';
import { action, computed, makeObservable, observable } from 'mobx';
import type { CatalogueStore } from './catalogue-store';
import type { DocumentStore } from './document-store';

export interface RunInputField {
  plugin: PluginInstance;
  /** The key the run input is sent under: the block's variable, or its id. */
  key: string;
  kind: 'text' | 'file' | 'choice';
  label: string;
  placeholder: string;
  multiline: boolean;
  options: string[];
  /** For files: the `accept` attribute. */
  accept: string;
  /** For files: the block's size limit in MB (maxSize), or null. */
  maxSizeMb: number | null;
  /** For files: what the block accepts, as the server checks it; null when the block does not say. */
  fileRules: FileRules | null;
}

/** A file input's value in a kept run: the uploaded file's id (and name, when kept). */
function fileReference(value: unknown): { id: string; name: string } | null {
  if (typeof value === 'string' && value.trim() !== '') return { id: value, name: '' };
  if (value && typeof value === 'object' && 'id' in value && typeof value.id === 'string') {
    const name = 'name' in value && typeof value.name === 'string' ? value.name : '';
    return { id: value.id, name };
  }
  return null;
}

function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** A file upload's rules from its accepted-types choice (the extensions and media types in its meta). */
function fileRulesOf(choice: SelectOption | undefined, maxSizeMb: number | null): FileRules | null {
  const extensions = strings(choice?.meta?.extensions);
  if (!choice || extensions.length === 0) return null;
  return {
    label: choice.label,
    extensions,
    mimeTypes: strings(choice.meta?.mimeTypes),
    ...(maxSizeMb !== null ? { maxSizeMb } : {}),
  };
}

/**
 * The inputs of a run (`RunStore.inputs`): one field per input block of the app on the canvas,
 * what was typed or chosen in each (files chosen now, or kept from an earlier run), which are
 * still missing and the inputs as sent.
 */
export class RunInputs {
  /** What was typed (or the chosen file's name) by input key, for the app loaded as `inputsOf`. */
  private readonly values = observable.map<string, string>();
  private readonly files = observable.map<string, File>({}, { deep: false });
  /** Files of an earlier run sent again unless another is chosen, by input key. */
  private readonly keptFiles = observable.map<string, { id: string; name: string }>({}, { deep: false });
  /** The document's load count the inputs were typed for; another app never sees them. */
  private inputsOf = 0;

  constructor(
    private readonly document: DocumentStore,
    private readonly catalogue: CatalogueStore,
  ) {
    makeObservable<RunInputs, 'inputsOf' | 'ownInputs'>(this, {
      inputsOf: observable,
      ownInputs: action,
      inputFields: computed,
      missingInputs: computed,
      setValue: action,
      setFile: action,
      fillInputs: action,
      clear: action,
    });
  }

  /** One field per input block, in canvas order. */
  get inputFields(): RunInputField[] {
    const variables = this.document.variables;
    return this.document.config.plugins.flatMap((plugin): RunInputField[] => {
      const entry = this.catalogue.byId.get(plugin.type);
      if (!entry || entry.category !== 'input') return [];
      const kind = entry.inputKind ?? 'text';
      const settings = plugin.settings;
      const acceptedField = entry.settings.acceptedTypes;
      const accepted =
        acceptedField?.type === 'select'
          ? (matchSelectOption(acceptedField, settings.acceptedTypes) ??
            acceptedField.options.find((option) => option.value === acceptedField.default))
          : undefined;
      const maxSizeMb =
        kind === 'file' && typeof settings.maxSize === 'number' && settings.maxSize > 0
          ? settings.maxSize
          : null;
      const fileRules = kind === 'file' ? fileRulesOf(accepted, maxSizeMb) : null;
      return [
        {
          plugin,
          key: runInputKey(plugin, variables.get(plugin.id)),
          kind,
          label: text(settings.label, entry.name) || entry.name,
          placeholder: text(settings.placeholder),
          multiline: settings.multiline === true,
          options: kind === 'choice' ? parseDropdownOptions(text(settings.options)) : [],
          accept: fileRules ? fileRules.extensions.join(',') : '',
          maxSizeMb,
          fileRules,
        },
      ];
    });
  }

  /**
   * The inputs a run cannot start without that are still empty: text (blank counts as empty) and
   * files (chosen now, or kept from an earlier run). A choice always has one: its first option.
   */
  get missingInputs(): RunInputField[] {
    return this.inputFields.filter((field) => {
      if (field.kind === 'choice') return false;
      if (field.kind === 'file') return !this.file(field.key) && !this.keptFile(field.key);
      return (this.value(field.key) ?? '').trim() === '';
    });
  }

  /** Whether the typed inputs belong to the app on the canvas. */
  private get inputsCurrent(): boolean {
    return this.inputsOf === this.document.loads;
  }

  /** Forgets inputs typed for another app, before this one's are written. */
  private ownInputs(): void {
    if (this.inputsCurrent) return;
    this.values.clear();
    this.files.clear();
    this.inputsOf = this.document.loads;
  }

  /** The value typed for `key` in this app, if any. */
  value(key: string): string | undefined {
    return this.inputsCurrent ? this.values.get(key) : undefined;
  }

  /** The file chosen for `key` in this app, if any. */
  file(key: string): File | undefined {
    return this.inputsCurrent ? this.files.get(key) : undefined;
  }

  setValue(key: string, value: string): void {
    this.ownInputs();
    this.values.set(key, value);
  }

  /** The file of an earlier run that is sent again unless another is chosen. */
  keptFile(key: string): { id: string; name: string } | undefined {
    return this.inputsCurrent ? this.keptFiles.get(key) : undefined;
  }

  /**
   * Fills the inputs with those of an earlier run ("Run again with these inputs"): typed values
   * and choices as they were, files by the reference the run kept. Inputs the app no longer has
   * are left out.
   */
  fillInputs(inputs: Readonly<Record<string, unknown>>): void {
    this.ownInputs();
    this.values.clear();
    this.files.clear();
    this.keptFiles.clear();
    for (const field of this.inputFields) {
      const value = inputs[field.key];
      if (field.kind === 'file') {
        const kept = fileReference(value);
        if (kept) this.keptFiles.set(field.key, kept);
      } else if (typeof value === 'string') {
        this.values.set(field.key, value);
      } else if (typeof value === 'number' || typeof value === 'boolean') {
        this.values.set(field.key, String(value));
      }
    }
  }

  setFile(key: string, file: File | null): void {
    this.ownInputs();
    this.keptFiles.delete(key);
    if (file) {
      this.files.set(key, file);
      this.values.set(key, file.name);
    } else {
      this.files.delete(key);
      this.values.delete(key);
    }
  }

  /**
   * Takes a chosen file when it fits the block's accepted types and size limit; otherwise keeps
   * the previous choice and answers why, in the words the server would refuse the upload with.
   */
  chooseFile(field: RunInputField, file: File | null): string | null {
    const problem =
      file && field.fileRules
        ? fileProblem(field.fileRules, { name: file.name, mime: file.type, size: file.size })
        : null;
    if (problem) return problem;
    this.setFile(field.key, file);
    return null;
  }

  /** Forgets what was typed and chosen. */
  clear(): void {
    this.values.clear();
    this.files.clear();
    this.keptFiles.clear();
  }

  /** The inputs as sent: typed values, plus the first option of a dropdown left unchosen. */
  collectInputs(): Record<string, string> {
    const inputs: Record<string, string> = {};
    for (const field of this.inputFields) {
      if (field.kind === 'file') continue;
      const value = this.value(field.key) ?? (field.kind === 'choice' ? (field.options[0] ?? '') : '');
      inputs[field.key] = value;
    }
    return inputs;
  }

  /**
   * The inputs a run starts with: `collectInputs`, and each file input by the id of its file,
   * uploaded now with `upload` (the chosen file) or kept from an earlier run.
   */
  async runInputs(
    upload: (field: RunInputField, file: File) => Promise<{ id: string }>,
  ): Promise<Record<string, unknown>> {
    const inputs: Record<string, unknown> = this.collectInputs();
    for (const field of this.inputFields) {
      if (field.kind !== 'file') continue;
      const file = this.file(field.key);
      const kept = this.keptFile(field.key);
      if (file) inputs[field.key] = (await upload(field, file)).id;
      else if (kept) inputs[field.key] = kept.id;
    }
    return inputs;
  }

  /**
   * Why the inputs cannot run as they are, or null: the input checks each input block's catalogue
   * entry declares (the LinkedIn rule), as the server applies them.
   */
  inputProblem(): string | null {
    const fields = new Map(this.inputFields.map((field) => [field.plugin.id, field.key]));
    return inputChecksProblem(
      this.document.config.plugins,
      this.collectInputs(),
      (plugin) => fields.get(plugin.id) ?? plugin.id,
      (type) => this.catalogue.byId.get(type)?.inputChecks,
    );
  }

  /** The input problem as a toast shows it (title, then what follows its first ': '), or null. */
  inputProblemMessage(): UserMessage | null {
    const problem = this.inputProblem();
    if (!problem) return null;
    const [title, ...rest] = problem.split(': ');
    return { title: title ?? problem, description: rest.join(': ') };
  }
}
