// Checks recorded client ↔ store exchanges against BigCommerce's official OpenAPI files
// (`../shared/bigcommerce/openapi/`, beside the checkout), with openapi-backend (Ajv underneath).
//
// Each exchange is routed to its operation by method and path template below the server base path
// (`/stores/{store_hash}/v3` or `/v2`, the `servers` entry of every file). Then:
// * the request: path parameters, query parameters (an undeclared one is an error: BigCommerce would ignore it
//   silently), headers, and the JSON body against the operation's `requestBody` schema;
// * the response: the status must be one the operation declares, and a JSON body is checked against that status's
//   schema (a 204 must have no body).
// Findings the spec itself gets wrong are matched against an allow-list (allow-list.ts), each entry with its reason.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { OpenAPIBackend, type Operation } from 'openapi-backend';
import type { OpenAPIV3 } from 'openapi-types';
import YAML from 'yaml';
import type { RecordedExchange } from './recording-fetch';

/** The repository root (this file is server/integrations/bigcommerce/contract/). */
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** `../shared/bigcommerce/openapi`, resolved relative to the repository root. */
export const SPEC_DIR = path.resolve(REPO_ROOT, '../shared/bigcommerce/openapi');

/** The 11 files (API-NOTES.md, table at the top). */
export const SPEC_FILES = [
  'catalog/products_catalog.v3.yml',
  'catalog/product-variants_catalog.v3.yml',
  'catalog/product-variant-options_catalog.v3.yml',
  'catalog/product-modifiers_catalog.v3.yml',
  'catalog/category-trees_catalog.v3.yml',
  'catalog/categories_catalog.v3.yml',
  'catalog/brands_catalog.v3.yml',
  'channels.v3.yml',
  'widgets.v3.yml',
  'page-widgets.v3.yml',
  'store_information.v2.yml',
] as const;

export function specsAvailable(dir = SPEC_DIR): boolean {
  return SPEC_FILES.every((file) => existsSync(path.join(dir, file)));
}

// ajv-formats is CommonJS with a default export; under ESM interop the callable can sit on `.default`.
type AddFormats = (ajv: unknown) => unknown;
const addFormats: AddFormats =
  typeof addFormatsModule === 'function'
    ? (addFormatsModule as unknown as AddFormats)
    : (addFormatsModule as unknown as { default: AddFormats }).default;

export type Where = 'request' | 'response';

export type Finding = {
  operationId: string;
  file: string;
  where: Where;
  status: number;
  /** JSON pointer into the checked value: `/requestBody/name`, `/query/limit`, `/data/0/id`, or `` for the whole. */
  instancePath: string;
  keyword: string;
  message: string;
  exchange: string;
};

export type AllowEntry = {
  operationId: string | RegExp;
  where: Where;
  /** Only findings at this status (response findings). */
  status?: number;
  instancePath: RegExp;
  keyword?: string;
  /** Only findings whose message matches (e.g. the name of a missing property). */
  message?: RegExp;
  /** Why the spec, not the sandbox or the client, is wrong here: cite API-NOTES §8 or the spec text. */
  reason: string;
};

/**
 * A correction made to a spec file before it is compiled, for mistakes that would otherwise cascade into many
 * findings (an error deep inside one `anyOf` branch fails the whole `anyOf`). Returns how many places it changed.
 */
export type SpecPatch = {
  /** A file of SPEC_FILES, or `*` for all. */
  file: string;
  reason: string;
  apply(definition: unknown): number;
};

/** Calls `visit` on every object in a parsed YAML document (depth first). */
export function eachObject(value: unknown, visit: (object: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) eachObject(item, visit);
  } else if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    visit(object);
    for (const child of Object.values(object)) eachObject(child, visit);
  }
}

type LoadedSpec = {
  file: string;
  version: 'v2' | 'v3';
  api: OpenAPIBackend;
};

export type ContractSummary = {
  operationsTotal: number;
  operationsCovered: string[];
  requestsValidated: number;
  responsesValidated: number;
  /** Responses whose status was declared but had no JSON schema to check the body against (e.g. `plain/text` 401). */
  responsesStatusOnly: number;
  /** Requests the spec calls invalid that the store refused too (400/422): the workload's deliberate mistakes. */
  requestsRefusedAsInvalid: number;
  unmatched: string[];
  findings: Finding[];
  allowed: { entry: AllowEntry; count: number }[];
  patches: { patch: SpecPatch; changed: number }[];
};

function describeExchange(e: RecordedExchange): string {
  const url = new URL(e.url);
  return `${e.method} ${url.pathname.replace(/^.*\/stores\/[^/]+/, '')}${url.search} → ${e.status}`;
}

function formatAjvError(error: ErrorObject): string {
  const params = Object.entries(error.params as Record<string, unknown>)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(', ');
  return `${error.message ?? error.keyword}${params ? ` (${params})` : ''}`;
}

function schemaType(schema: unknown): string | undefined {
  if (schema && typeof schema === 'object' && 'type' in schema && typeof schema.type === 'string') {
    return schema.type;
  }
  return undefined;
}

function isReference(value: unknown): value is OpenAPIV3.ReferenceObject {
  return typeof value === 'object' && value !== null && '$ref' in value;
}

export class ContractChecker {
  private readonly covered = new Set<string>();
  private readonly unmatched: string[] = [];
  private readonly findings: Finding[] = [];
  private readonly allowCounts = new Map<AllowEntry, number>();
  private requestsValidated = 0;
  private responsesValidated = 0;
  private responsesStatusOnly = 0;
  private requestsRefusedAsInvalid = 0;

  private constructor(
    private readonly specs: LoadedSpec[],
    private readonly allowList: readonly AllowEntry[],
    private readonly patchCounts: { patch: SpecPatch; changed: number }[],
  ) {
    for (const entry of allowList) this.allowCounts.set(entry, 0);
  }

  static async load(
    allowList: readonly AllowEntry[],
    patches: readonly SpecPatch[] = [],
    dir = SPEC_DIR,
  ): Promise<ContractChecker> {
    const specs: LoadedSpec[] = [];
    const patchCounts = patches.map((patch) => ({ patch, changed: 0 }));
    for (const file of SPEC_FILES) {
      const definition = YAML.parse(readFileSync(path.join(dir, file), 'utf8')) as OpenAPIV3.Document;
      for (const entry of patchCounts) {
        if (entry.patch.file === '*' || entry.patch.file === file)
          entry.changed += entry.patch.apply(definition);
      }
      const serverUrl = definition.servers?.[0]?.url ?? '';
      const version = serverUrl.endsWith('/v2') ? 'v2' : 'v3';
      const api = new OpenAPIBackend({
        definition,
        // Validators are compiled on first use: only the operations the workload touches pay for it.
        quick: true,
        validate: true,
        coerceTypes: true,
        ajvOpts: { strict: false, allErrors: true },
        customizeAjv: (ajv) => {
          addFormats(ajv);
          // BigCommerce's own annotations, not JSON Schema formats: `html` (template markup), `json` (free object).
          ajv.addFormat('html', true);
          ajv.addFormat('json', true);
          return ajv;
        },
      });
      await api.init();
      specs.push({ file, version, api });
    }
    return new ContractChecker(specs, allowList, patchCounts);
  }

  get operationsTotal(): number {
    return this.specs.reduce((n, s) => n + s.api.getOperations().length, 0);
  }

  check(exchange: RecordedExchange): void {
    const url = new URL(exchange.url);
    const match = /\/stores\/[^/]+\/(v2|v3)(\/.*)$/.exec(url.pathname);
    const label = describeExchange(exchange);
    if (!match) {
      this.unmatched.push(label);
      return;
    }
    const version = match[1] as 'v2' | 'v3';
    const relPath = match[2]!;
    let spec: LoadedSpec | undefined;
    let operation: Operation | undefined;
    for (const candidate of this.specs) {
      if (candidate.version !== version) continue;
      operation = candidate.api.router.matchOperation({
        method: exchange.method,
        path: relPath,
        headers: {},
      });
      if (operation) {
        spec = candidate;
        break;
      }
    }
    if (!spec || !operation?.operationId) {
      this.unmatched.push(label);
      return;
    }
    this.covered.add(`${spec.file}#${operation.operationId}`);
    this.checkRequest(spec, operation, exchange, relPath, url.searchParams, label);
    this.checkResponse(spec, operation, exchange, label);
  }

  private checkRequest(
    spec: LoadedSpec,
    operation: Operation,
    exchange: RecordedExchange,
    relPath: string,
    search: URLSearchParams,
    label: string,
  ): void {
    const parameters = (operation.parameters ?? []).filter(
      (p): p is OpenAPIV3.ParameterObject => !isReference(p),
    );
    // BigCommerce lists are comma-separated (`id:in=1,2,3`, API-NOTES §3); split them for array parameters.
    const query: Record<string, string | string[]> = {};
    for (const [key, value] of search) {
      const param = parameters.find((p) => p.in === 'query' && p.name === key);
      query[key] = schemaType(param?.schema) === 'array' ? value.split(',') : value;
    }
    const result = spec.api.validator.validateRequest(
      {
        method: exchange.method,
        path: relPath,
        headers: exchange.requestHeaders,
        query,
        body: exchange.requestBody as Record<string, unknown> | undefined,
      },
      operation,
    );
    this.requestsValidated++;
    // A deliberate mistake of the workload (a product without price): the spec and the store both refuse it.
    if (result.errors?.length && (exchange.status === 400 || exchange.status === 422)) {
      this.requestsRefusedAsInvalid++;
      return;
    }
    for (const error of result.errors ?? []) {
      this.report({
        operationId: operation.operationId!,
        file: spec.file,
        where: 'request',
        status: exchange.status,
        instancePath: error.instancePath,
        keyword: error.keyword,
        message: formatAjvError(error),
        exchange: label,
      });
    }
  }

  private checkResponse(
    spec: LoadedSpec,
    operation: Operation,
    exchange: RecordedExchange,
    label: string,
  ): void {
    const finding = (instancePath: string, keyword: string, message: string) =>
      this.report({
        operationId: operation.operationId!,
        file: spec.file,
        where: 'response',
        status: exchange.status,
        instancePath,
        keyword,
        message,
        exchange: label,
      });
    const responses = (operation.responses ?? {}) as Record<string, unknown>;
    const status = String(exchange.status);
    const declared = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
    if (!declared || isReference(declared)) {
      finding(
        '',
        'status',
        `status ${status} is not declared (declared: ${Object.keys(responses).join(', ')})`,
      );
      return;
    }
    const response = declared as OpenAPIV3.ResponseObject;
    if (exchange.status === 204 || !response.content) {
      if (exchange.responseBody !== undefined) finding('', 'body', `a ${status} must have no body`);
      this.responsesValidated++;
      return;
    }
    const jsonSchema = response.content['application/json']?.schema;
    if (!jsonSchema) {
      this.responsesStatusOnly++;
      return;
    }
    const result = spec.api.validator.validateResponse(exchange.responseBody, operation, exchange.status);
    this.responsesValidated++;
    for (const error of result.errors ?? [])
      finding(error.instancePath, error.keyword, formatAjvError(error));
  }

  private report(finding: Finding): void {
    const entry = this.allowList.find(
      (a) =>
        (typeof a.operationId === 'string'
          ? a.operationId === finding.operationId
          : a.operationId.test(finding.operationId)) &&
        a.where === finding.where &&
        (a.status === undefined || a.status === finding.status) &&
        (a.keyword === undefined || a.keyword === finding.keyword) &&
        (a.message === undefined || a.message.test(finding.message)) &&
        a.instancePath.test(finding.instancePath),
    );
    if (entry) this.allowCounts.set(entry, (this.allowCounts.get(entry) ?? 0) + 1);
    else this.findings.push(finding);
  }

  summary(): ContractSummary {
    return {
      operationsTotal: this.operationsTotal,
      operationsCovered: [...this.covered].sort(),
      requestsValidated: this.requestsValidated,
      responsesValidated: this.responsesValidated,
      responsesStatusOnly: this.responsesStatusOnly,
      requestsRefusedAsInvalid: this.requestsRefusedAsInvalid,
      unmatched: [...this.unmatched],
      findings: [...this.findings],
      allowed: this.allowList.map((entry) => ({ entry, count: this.allowCounts.get(entry) ?? 0 })),
      patches: this.patchCounts.map((p) => ({ ...p })),
    };
  }
}
