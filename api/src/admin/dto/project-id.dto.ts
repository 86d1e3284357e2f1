import { z } from 'zod';

/** A project id in a route: the database's uuid, so anything else is refused before it reaches a query. */
export const projectIdSchema = z.guid({ error: 'Invalid project id: expected a UUID such as 3f2b8c1e-0d4a-4c5e-9b7a-2e6f1d0c9a84.' });
