import { customType } from 'drizzle-orm/pg-core';

/** Raw bytes; pg hands back a Buffer and PGlite a Uint8Array, so both become a Buffer here. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
