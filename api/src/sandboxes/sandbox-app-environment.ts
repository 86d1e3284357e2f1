/** What the platform sets in every sandbox: a project's value never replaces these. */
const PLATFORM_VARIABLES = new Set(['PORT', 'HOST', 'HOME', 'PATH', 'CI', 'NODE_OPTIONS', 'NODE_EXTRA_CA_CERTS', 'USER', 'SHELL', 'PWD']);
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The provided variables a sandbox may take: valid names, no NUL, none of the platform's own. */
export function projectVariables(values: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (!VARIABLE_NAME.test(name) || PLATFORM_VARIABLES.has(name) || name.toLowerCase().startsWith('npm_config_')) continue;
    if (value.includes('\0')) continue;
    kept[name] = value;
  }
  return kept;
}
