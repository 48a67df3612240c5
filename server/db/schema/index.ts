// The database schema (Drizzle). One schema and one migration set for PGlite and PostgreSQL.
// After a change: `npm run db:generate` writes a migration into server/db/migrations (commit it).
export * from './settings';
export * from './auth';
export * from './audit';
export * from './mail';
export * from './stores';
export * from './agents';
export * from './jobs';
export * from './import-widgets';
export * from './video';
export * from './chat';
export * from './leases';
export * from './demo-stores';
export * from './store-history';
export * from './spreadsheet-edit';
