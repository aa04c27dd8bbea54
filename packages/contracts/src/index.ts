export * from './common.js';
export * from './roles.js';
export * from './auth.js';
export * from './config.js';
