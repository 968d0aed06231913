export * from './auth.ts';
export * from './common.ts';
export * from './constants.ts';
export * from './endpoints.ts';
export * from './openapi.ts';
export * from './profile.ts';
export * from './users.ts';
export * from './videos.ts';
