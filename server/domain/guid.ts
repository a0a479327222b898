/** Whether `value` is a guid as the database stores them (a uuid): anything else finds no row. */
export const isGuid = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
