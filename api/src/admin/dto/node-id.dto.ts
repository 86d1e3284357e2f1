import { z } from 'zod';

/** A Docker host's id in a route: its SANDBOX_HOSTS name. */
export const nodeIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: 'Invalid node id: expected a host name from SANDBOX_HOSTS, such as node-a.' });
