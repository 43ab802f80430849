export * from './files.ts';
export * from './organisation.ts';
export * from './users.ts';
export * from './auth.ts';
export * from './content.ts';
export * from './notifications.ts';
export * from './approvals.ts';
export * from './tokens.ts';
