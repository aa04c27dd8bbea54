// `npm run openapi:types`: writes the API document the app serves at /api/v1/openapi.json to
// packages/contracts/openapi.json, then the TypeScript types openapi-fetch clients use to
// packages/contracts/src/openapi.d.ts. Builds the app without listening or touching a database.
import fs from 'node:fs';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDb } from '../apps/server/src/db/client.ts';
import {
  DOCUMENT_APP_URL,
  documentFile,
  fetchDocument,
  renderFiles,
  typesFile,
} from '../apps/server/test/openapi-files.ts';

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: DOCUMENT_APP_URL });
// a pool connects on first use only: building the routes never does
const db = createDb('postgres://openapi@127.0.0.1:1/none', { max: 1 });
const app = await buildApp(config, { db });
try {
  await app.ready();
  const { json, types } = await renderFiles(await fetchDocument(app));
  fs.writeFileSync(documentFile, json);
  fs.writeFileSync(typesFile, types);
  console.log(`wrote ${documentFile} and ${typesFile}`);
} finally {
  await app.close();
  await db.close();
}
