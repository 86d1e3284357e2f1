import { z } from 'zod';
import { MAX_TABLE_PAGE_SIZE } from '@forge/protocol/databases';
import { DATA_PAGE_SIZE } from '@forge/protocol/limits';

const wholeNumber = (name: string, fallback: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} must be a whole number`)
    .optional()
    .transform((value) => (value === undefined ? fallback : Number(value)))
    .refine((value) => value >= 1 && value <= max, `${name} must be from 1 to ${max}`);

/** `?page=&pageSize=`: the page counts from 1; at most MAX_TABLE_PAGE_SIZE rows. */
export const tableDataQuerySchema = z.object({
  page: wholeNumber('page', 1, 100_000_000),
  pageSize: wholeNumber('pageSize', DATA_PAGE_SIZE, MAX_TABLE_PAGE_SIZE),
});
export type TableDataQuery = z.infer<typeof tableDataQuerySchema>;
