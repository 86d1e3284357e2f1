// Prisma's schema engine as WebAssembly, for the tools that need it offline: creating a migration
// and proving that the migrated database matches schema.prisma. The platform never loads it at run time.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';

export const SCHEMA_PATH = fileURLToPath(new URL('../../../prisma/schema.prisma', import.meta.url));

interface DiffResult {
  exitCode: number;
  stdout: string | null;
}
// Node has WebAssembly; the node typings leave it to lib.dom, which the API does not load.
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: Record<string, unknown>) => { exports: Record<string, unknown> };
};

type EngineClass = { new: (o: unknown, cb: unknown, adapter: unknown) => Promise<WasmSchemaEngine> };

interface WasmSchemaEngine {
  diff(params: unknown): Promise<DiffResult>;
  free(): void;
}

let engineClass: Promise<EngineClass> | undefined;

/** The wasm module holds global state: instantiate it once per process. */
function loadEngineClass(): Promise<EngineClass> {
  engineClass ??= instantiateEngine();
  return engineClass;
}

async function instantiateEngine(): Promise<EngineClass> {
  // The glue reports Rust panics through this global; keep the message so errors say what happened.
  const registry = {
    message: '',
    set_message(message: string) {
      registry.message = message;
      console.error('schema engine panic:', message);
    },
  };
  (globalThis as Record<string, unknown>).PRISMA_WASM_PANIC_REGISTRY = registry;
  const require = createRequire(import.meta.url);
  const packageDir = dirname(require.resolve('@prisma/schema-engine-wasm'));
  // The package expects a bundler to wire its .wasm import; do that wiring by hand.
  const glue = (await import(join(packageDir, 'schema_engine_bg.js'))) as Record<string, unknown> & {
    __wbg_set_wasm(exports: Record<string, unknown>): void;
    SchemaEngine: { new: (o: unknown, cb: unknown, adapter: unknown) => Promise<WasmSchemaEngine> };
  };
  const module = new WebAssembly.Module(await readFile(join(packageDir, 'schema_engine_bg.wasm')));
  const instance = new WebAssembly.Instance(module, { './schema_engine_bg.js': glue });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return glue.SchemaEngine;
}

// The engine reads catalog columns of type "char" (pg_constraint.contype, ...), which the pg adapter
// cannot map. The pool hands them over as text under a tagged name; the adapter wrapper restores the
// name and reports them as the driver-adapter "Character" type the engine expects.
const CHAR_OID = 18;
const TEXT_OID = 25;
const CHAR_TAG = '\u0000char';
const CHARACTER_COLUMN_TYPE = 6;

class CatalogFriendlyPool extends pg.Pool {
  override async query(...args: unknown[]): Promise<never> {
    const result = (await (super.query as (...a: unknown[]) => Promise<pg.QueryResult>)(...args)) as pg.QueryResult;
    for (const field of result?.fields ?? []) {
      if (field.dataTypeID === CHAR_OID) {
        field.dataTypeID = TEXT_OID;
        field.name += CHAR_TAG;
      }
    }
    return result as never;
  }
}

interface RawResult {
  columnNames: string[];
  columnTypes: number[];
}
type Adapter = { queryRaw(query: unknown): Promise<RawResult> };

function restoreCharColumns<T extends Adapter>(adapter: T): T {
  const queryRaw = adapter.queryRaw.bind(adapter);
  adapter.queryRaw = async (query) => {
    const result = await queryRaw(query);
    result.columnNames.forEach((name, i) => {
      if (name.endsWith(CHAR_TAG)) {
        result.columnNames[i] = name.slice(0, -CHAR_TAG.length);
        result.columnTypes[i] = CHARACTER_COLUMN_TYPE;
      }
    });
    return result;
  };
  return adapter;
}

function engineAdapter(pool: pg.Pool) {
  const factory = new PrismaPg(pool);
  return bindMigrationAwareSqlAdapterFactory({
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => restoreCharColumns(await factory.connect()),
    connectToShadowDb: async () => restoreCharColumns(await factory.connectToShadowDb()),
  } as unknown as PrismaPg);
}

/**
 * The SQL that takes the database at `databaseUrl` to the state `schema.prisma` describes.
 * An empty script means they match.
 */
export async function diffDatabaseToSchema(databaseUrl: string, schemaPath = SCHEMA_PATH): Promise<string> {
  const schema = await readFile(schemaPath, 'utf8');
  const pool = new CatalogFriendlyPool({ connectionString: databaseUrl, max: 2 });
  const adapter = engineAdapter(pool);
  const SchemaEngine = await loadEngineClass();
  const files = [{ path: schemaPath, content: schema }];
  const engine = await SchemaEngine.new({ datamodels: [[schemaPath, schema]] }, () => {}, adapter);
  try {
    const result = await engine.diff({
      from: { tag: 'schemaDatasource', files, configDir: dirname(schemaPath) },
      to: { tag: 'schemaDatamodel', files },
      script: true,
      exitCode: true,
      filters: { externalTables: [], externalEnums: [] },
    });
    return result.exitCode === 0 ? '' : (result.stdout ?? '');
  } finally {
    engine.free();
    await pool.end();
  }
}
