import { createRequire } from 'node:module';
import path from 'node:path';
import { PathTemplates } from '@blocksmith/schema';

/** The parts of an OpenAPI 3.1 document the checker reads. */
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; responses?: Record<string, Response> };
}

interface Operation {
  responses: Record<string, Response | { $ref: string }>;
}

interface Response {
  description: string;
  headers?: Record<string, { required?: boolean }>;
  content?: Record<string, { schema: Schema }>;
}

type Schema = { [keyword: string]: unknown };

/** An HTTP answer as the checker needs it. */
export interface CheckedAnswer {
  status: number;
  headers: Headers;
  text: string;
}

interface ValidateFunction {
  (data: unknown): boolean;
  errors?: { instancePath: string; message?: string; params?: unknown }[] | null;
}

interface Ajv {
  addSchema(schema: Schema): Ajv;
  addFormat(name: string, format: RegExp | ((value: string) => boolean)): Ajv;
  compile(schema: Schema): ValidateFunction;
}

/**
 * JSON Schema 2020-12, as OpenAPI 3.1 uses it: ajv 8, the bridge's own dependency (the gateway
 * itself has no ajv 8), loaded the way the bridge resolves it.
 */
function createAjv(): Ajv {
  const bridge = createRequire(path.join(__dirname, '..', '..', '..', 'rest-bridge', 'package.json'));
  const { default: Ajv2020 } = bridge('ajv/dist/2020') as { default: new (options: object) => Ajv };
  return new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true })
    .addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
    .addFormat('date-time', (value) => /^\d{4}-\d\d-\d\dT/.test(value) && !Number.isNaN(Date.parse(value)));
}

const COMPONENTS = 'https://openapi.blocksmith.test/components';
const SCHEMA_REF = '#/components/schemas/';

/**
 * A schema whose objects allow only the properties they declare, with references pointing at the
 * components schema. The document leaves objects open (clients must tolerate new fields); the
 * check closes them so that every field an answer carries has to be declared.
 */
function closed(schema: Schema): Schema {
  const copy: Schema = { ...schema };
  if (typeof copy.$ref === 'string') copy.$ref = copy.$ref.replace(SCHEMA_REF, `${COMPONENTS}#/$defs/`);
  if (copy.properties) {
    const properties = copy.properties as Record<string, Schema>;
    copy.properties = Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, closed(value)]),
    );
    copy.additionalProperties ??= false;
  }
  if (copy.additionalProperties && typeof copy.additionalProperties === 'object') {
    copy.additionalProperties = closed(copy.additionalProperties as Schema);
  }
  if (copy.items) copy.items = closed(copy.items as Schema);
  for (const keyword of ['oneOf', 'anyOf', 'allOf']) {
    if (Array.isArray(copy[keyword])) copy[keyword] = (copy[keyword] as Schema[]).map(closed);
  }
  return copy;
}

/** Checks answers against the document: the status is declared, the body matches its schema. */
export class OpenApiChecker {
  private readonly ajv = createAjv();
  private readonly templates: PathTemplates<string>;
  private readonly validators = new Map<Schema, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    const defs = Object.fromEntries(
      Object.entries(document.components.schemas).map(([name, schema]) => [name, closed(schema)]),
    );
    this.ajv.addSchema({ $id: COMPONENTS, $defs: defs });
    this.templates = new PathTemplates(Object.keys(document.paths).map((path) => ({ path, value: path })));
  }

  /** The documented path a request's path falls under (literal segments win over parameters). */
  templateOf(url: string): string | null {
    const pathname = url.split('?')[0]!;
    return this.templates.match(pathname)?.template.value ?? null;
  }

  /** What in an answer the document does not declare; empty when it conforms. */
  problemsWith(method: string, url: string, answer: CheckedAnswer): string[] {
    const template = this.templateOf(url);
    if (!template) return [`${url} is not a documented path`];
    const item = this.document.paths[template]!;
    const operation = item[method.toLowerCase()];
    if (!operation) return this.problemsWithOtherMethod(template, answer);
    const declared = operation.responses[String(answer.status)];
    if (!declared) {
      return [
        `${method} ${template} does not declare ${answer.status} (answered ${answer.text.slice(0, 200)})`,
      ];
    }
    return this.problemsWithResponse(this.resolve(declared), answer);
  }

  private problemsWithOtherMethod(template: string, answer: CheckedAnswer): string[] {
    const item = this.document.paths[template]!;
    const methods = Object.keys(item).map((m) => m.toUpperCase());
    if (answer.status !== 405) return [`a method ${template} does not document answered ${answer.status}`];
    const problems: string[] = [];
    const allow = (answer.headers.get('allow') ?? '').split(',').map((m) => m.trim());
    if ([...allow].sort().join() !== [...methods].sort().join()) {
      problems.push(`Allow: ${allow.join(', ')}; the document has ${methods.join(', ')} for ${template}`);
    }
    for (const [method, operation] of Object.entries(item)) {
      const declared = operation.responses['405'];
      if (!declared) problems.push(`${method.toUpperCase()} ${template} does not declare 405`);
      else problems.push(...this.problemsWithResponse(this.resolve(declared), answer));
    }
    return problems;
  }

  private problemsWithResponse(response: Response, answer: CheckedAnswer): string[] {
    const problems: string[] = [];
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      if (header.required && answer.headers.get(name) === null)
        problems.push(`the ${name} header is missing`);
    }
    const json = response.content?.['application/json'];
    if (!json) {
      if (answer.text !== '')
        problems.push(`a body was sent where none is declared: ${answer.text.slice(0, 200)}`);
      return problems;
    }
    if (!(answer.headers.get('content-type') ?? '').startsWith('application/json')) {
      return [...problems, `content-type ${answer.headers.get('content-type')} where JSON is declared`];
    }
    const validate = this.validatorFor(json.schema);
    if (!validate(JSON.parse(answer.text))) {
      for (const error of validate.errors ?? []) {
        problems.push(
          `${error.instancePath || 'the body'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
        );
      }
    }
    return problems;
  }

  private resolve(response: Response | { $ref: string }): Response {
    if (!('$ref' in response)) return response;
    const name = response.$ref.replace('#/components/responses/', '');
    const found = this.document.components.responses?.[name];
    if (!found) throw new Error(`${response.$ref} is not in the document`);
    return found;
  }

  private validatorFor(schema: Schema): ValidateFunction {
    let validate = this.validators.get(schema);
    if (!validate) {
      validate = this.ajv.compile(closed(schema));
      this.validators.set(schema, validate);
    }
    return validate;
  }
}
