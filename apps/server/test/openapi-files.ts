import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import prettier from 'prettier';

/**
 * The API document and the TypeScript types generated from it, as committed under
 * packages/contracts: `npm run openapi:types` writes them (scripts/openapi-types.ts) and
 * openapi.int.test.ts fails when the running app's document would write something else.
 */
const root = path.resolve(import.meta.dirname, '../../..');
export const documentFile = path.join(root, 'packages/contracts/openapi.json');
export const typesFile = path.join(root, 'packages/contracts/src/openapi.d.ts');

/** The APP_URL both write with (the document's `servers`), so the files never depend on a machine. */
export const DOCUMENT_APP_URL = 'http://localhost:3000';

export async function fetchDocument(app: FastifyInstance): Promise<OpenAPI3> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/v1/openapi.json answered ${res.statusCode}: ${res.body}`);
  return res.json() as OpenAPI3;
}

/** The two files' text for a document: prettier-formatted as the repository's other files. */
export async function renderFiles(doc: OpenAPI3): Promise<{ json: string; types: string }> {
  const options = (await prettier.resolveConfig(typesFile)) ?? {};
  const json = await prettier.format(JSON.stringify(doc), { ...options, parser: 'json' });
  const ast = await openapiTS(structuredClone(doc), { silent: true });
  const header = '// Generated from /api/v1/openapi.json by `npm run openapi:types`: do not edit.\n\n';
  const types = await prettier.format(header + astToString(ast), { ...options, parser: 'typescript' });
  return { json, types };
}
