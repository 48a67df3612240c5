// Column types shared by the schema's tables.
import { customType } from 'drizzle-orm/pg-core';

/** Bytes (PostgreSQL `bytea`): a Buffer from node-postgres, a Uint8Array from PGlite, either accepted. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
