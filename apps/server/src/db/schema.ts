// The one list of tables drizzle (queries, migrations) and better-auth's adapter read.
export * from './schema/audit';
export * from './schema/auth';
export * from './schema/editing';
export * from './schema/events';
export * from './schema/files';
export * from './schema/i18n';
export * from './schema/jobs';
export * from './schema/messages';
export * from './schema/reminders';
export * from './schema/roles';
export * from './schema/social';
export * from './schema/system';
export * from './schema/teams';
export * from './schema/view-settings';
