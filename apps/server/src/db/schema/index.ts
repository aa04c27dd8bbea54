export * from './accounts.js';
export * from './team.js';
export * from './suppressions.js';
export * from './imports.js';
export * from './contacts.js';
export * from './lists.js';
export * from './credits.js';
export * from './prospects.js';
