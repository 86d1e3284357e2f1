// SQL the platform runs as the projects' server's administrator to hold each project's database to
// its limits. Nothing here can be undone by a project's role: it owns none of these objects.
import pg from 'pg';

/** Every project's role and database is named `forge_p_…`; every account's group role `forge_a_…`. */
export const PROJECT_PREFIX = 'forge_p_';
export const ACCOUNT_PREFIX = 'forge_a_';
/** Owns a database's objects while the database is over its size, so its app cannot write. */
export const FROZEN_OWNER = 'forge_frozen';
/** In each project's database: the login check, owned by the administrator. */
export const GUARD_SCHEMA = 'forge_guard';

/**
 * The account's connection budget, checked as each connection of one of its roles logs in (a login
 * event trigger, PostgreSQL 17 and newer). The budget is the connection limit of the account's group
 * role, which PostgreSQL itself does not apply to a role that cannot log in. The new connection is
 * counted already, so more than the budget refuses it.
 */
export const LOGIN_GUARD_SQL = `
CREATE SCHEMA IF NOT EXISTS ${GUARD_SCHEMA};
REVOKE ALL ON SCHEMA ${GUARD_SCHEMA} FROM PUBLIC;
CREATE OR REPLACE FUNCTION ${GUARD_SCHEMA}.account_connections() RETURNS event_trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $guard$
DECLARE
  account oid;
  budget integer;
  used integer;
BEGIN
  -- The catalogs and statistics functions themselves, not the views over them: this runs at every login.
  SELECT g.oid, g.rolconnlimit INTO account, budget
    FROM pg_auth_members m JOIN pg_authid g ON g.oid = m.roleid
   WHERE m.member = (SELECT oid FROM pg_authid WHERE rolname = session_user) AND g.rolname LIKE '${ACCOUNT_PREFIX.replace(/_/g, '\\_')}%'
   LIMIT 1;
  IF account IS NULL OR budget < 0 THEN
    RETURN;
  END IF;
  SELECT count(*) INTO used FROM pg_stat_get_backend_idset() AS backend
   WHERE pg_stat_get_backend_userid(backend) IN (SELECT member FROM pg_auth_members WHERE roleid = account);
  IF used > budget THEN
    RAISE EXCEPTION 'this account''s apps already hold all % database connections it may use at once', budget
      USING ERRCODE = 'too_many_connections', HINT = 'Let its apps use fewer connections (a smaller pool), or stop one of its previews.';
  END IF;
END
$guard$;
REVOKE ALL ON FUNCTION ${GUARD_SCHEMA}.account_connections() FROM PUBLIC;
DO $guard$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_event_trigger WHERE evtname = 'forge_account_connections') THEN
    CREATE EVENT TRIGGER forge_account_connections ON login EXECUTE FUNCTION ${GUARD_SCHEMA}.account_connections();
  END IF;
END $guard$;
`;

/** The schemas the app made or was given, in the database the statement runs in. */
const APP_SCHEMAS = `SELECT nspname FROM pg_namespace
  WHERE nspname NOT IN ('pg_catalog', 'information_schema', '${GUARD_SCHEMA}') AND nspname !~ '^pg_(toast|temp)'`;
/** Functions that create large objects: rows the app could add without any table. */
const LARGE_OBJECT_MAKERS = 'pg_catalog.lo_create(oid), pg_catalog.lo_creat(integer), pg_catalog.lo_from_bytea(oid, bytea)';

/** Whether the current database is refused writes (it is not owned by the role of its name). */
export const WRITES_REFUSED_SQL = `SELECT d.datdba <> r.oid AS refused FROM pg_database d JOIN pg_roles r ON r.rolname = d.datname WHERE d.datname = current_database()`;

/** Serializes changes of one database's ownership (provisioning, refusing and allowing writes). */
export const LOCK_DATABASE_SQL = `SELECT pg_advisory_xact_lock(hashtext('${GUARD_SCHEMA}:' || current_database()))`;

/**
 * Run in the project's database, in a transaction, while it is not refused yet: the database and
 * everything in it change hands to FROZEN_OWNER, so the role keeps only what reading and deleting
 * need (SELECT, DELETE, TRUNCATE, not INSERT or UPDATE, no CREATE, no temporary tables). Grants the
 * role made to others (PUBLIC, its account's group) go too, and so does every way a statement could
 * write with the new owner's rights: SECURITY DEFINER functions, rules, new large objects.
 */
export function refuseWritesSql(role: string, accountGroup: string | null): string {
  const r = pg.escapeIdentifier(role);
  const others = ['PUBLIC', ...(accountGroup ? [pg.escapeIdentifier(accountGroup)] : [])].join(', ');
  return `
ALTER DATABASE ${r} OWNER TO CURRENT_USER;
REASSIGN OWNED BY ${[r, ...(accountGroup ? [pg.escapeIdentifier(accountGroup)] : [])].join(', ')} TO ${FROZEN_OWNER};
REVOKE ALL ON DATABASE ${r} FROM ${r}, ${others};
GRANT CONNECT ON DATABASE ${r} TO ${r};
REVOKE EXECUTE ON FUNCTION ${LARGE_OBJECT_MAKERS} FROM PUBLIC;
DO $freeze$
DECLARE
  s text;
  f regprocedure;
  t record;
  lo oid;
BEGIN
  FOR s IN ${APP_SCHEMAS} LOOP
    EXECUTE format('REVOKE ALL ON SCHEMA %I FROM ${others}', s);
    EXECUTE format('REVOKE ALL ON ALL TABLES IN SCHEMA %I FROM ${others}', s);
    EXECUTE format('REVOKE ALL ON ALL SEQUENCES IN SCHEMA %I FROM ${others}', s);
    EXECUTE format('REVOKE INSERT ON ALL TABLES IN SCHEMA %I FROM ${FROZEN_OWNER}', s);
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO ${r.replace(/%/g, '%%')}', s);
    EXECUTE format('GRANT SELECT, DELETE, TRUNCATE ON ALL TABLES IN SCHEMA %I TO ${r.replace(/%/g, '%%')}', s);
    EXECUTE format('GRANT SELECT ON ALL SEQUENCES IN SCHEMA %I TO ${r.replace(/%/g, '%%')}', s);
  END LOOP;
  FOR f IN SELECT p.oid FROM pg_proc p WHERE p.prosecdef AND p.proowner = '${FROZEN_OWNER}'::regrole LOOP
    EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM ${others}', f);
  END LOOP;
  FOR t IN SELECT c.oid::regclass AS tab, w.rulename FROM pg_rewrite w JOIN pg_class c ON c.oid = w.ev_class
            WHERE w.ev_type <> '1' AND w.ev_enabled <> 'D' AND c.relowner = '${FROZEN_OWNER}'::regrole LOOP
    EXECUTE format('ALTER TABLE %s DISABLE RULE %I', t.tab, t.rulename);
  END LOOP;
  FOR lo IN SELECT oid FROM pg_largeobject_metadata LOOP
    EXECUTE format('REVOKE ALL ON LARGE OBJECT %s FROM ${others}', lo);
  END LOOP;
END
$freeze$;
`;
}

/** The opposite, run the same way while refused: everything back to the role, as provisioning left it. */
export function allowWritesSql(role: string): string {
  const r = pg.escapeIdentifier(role);
  return `
DO $thaw$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT c.oid::regclass AS tab, w.rulename FROM pg_rewrite w JOIN pg_class c ON c.oid = w.ev_class
            WHERE w.ev_type <> '1' AND w.ev_enabled = 'D' AND c.relowner = '${FROZEN_OWNER}'::regrole LOOP
    EXECUTE format('ALTER TABLE %s ENABLE RULE %I', t.tab, t.rulename);
  END LOOP;
END
$thaw$;
REASSIGN OWNED BY ${FROZEN_OWNER} TO ${r};
ALTER DATABASE ${r} OWNER TO ${r};
GRANT CONNECT, TEMPORARY ON DATABASE ${r} TO ${r};
GRANT EXECUTE ON FUNCTION ${LARGE_OBJECT_MAKERS} TO PUBLIC;
DO $thaw$
DECLARE
  s text;
BEGIN
  FOR s IN ${APP_SCHEMAS} LOOP
    EXECUTE format('GRANT ALL ON ALL TABLES IN SCHEMA %I TO ${r.replace(/%/g, '%%')}', s);
    EXECUTE format('GRANT ALL ON ALL SEQUENCES IN SCHEMA %I TO ${r.replace(/%/g, '%%')}', s);
  END LOOP;
END
$thaw$;
`;
}
