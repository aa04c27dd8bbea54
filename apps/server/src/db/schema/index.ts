export * from './accounts.js';
export * from './team.js';
