// The compact list of the v2 template's components and helpers that the v2 prompt gives the model
// (api/prompts/v2/components.md), made from the template's sources with TypeScript's parser: each
// file's one-line summary (its first comment), and each export with its own props. A unit test
// (api/src/agent/template/component-list.spec.ts) fails when the file and the sources disagree.
//
//   node scripts/lib/template-components.mjs          rewrite api/prompts/v2/components.md
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const TEMPLATE_DIR = join(root, 'api', 'templates', 'v2');
export const COMPONENT_LIST_FILE = join(root, 'api', 'prompts', 'v2', 'components.md');

/** What the list covers, by import path, with the template folder that holds it and the shapes that have it. */
const UI_COMPONENTS = [
  'alert',
  'avatar',
  'badge',
  'button',
  'card',
  'checkbox',
  'dialog',
  'dropdown-menu',
  'form',
  'input',
  'label',
  'progress',
  'select',
  'separator',
  'sheet',
  'skeleton',
  'sonner',
  'switch',
  'table',
  'tabs',
  'textarea',
  'tooltip',
];
export const LISTED_MODULES = [
  { module: '@/lib/utils', file: 'base/src/lib/utils.ts', shapes: 'every shape' },
  ...UI_COMPONENTS.map((name) => ({ module: `@/components/ui/${name}`, file: `base/src/components/ui/${name}.tsx`, shapes: 'every shape' })),
  { module: '@/lib/api', file: 'server/src/lib/api.ts', shapes: 'data and api-key shapes' },
  { module: '@/components/waiting-for-key', file: 'api-key/src/components/waiting-for-key.tsx', shapes: 'api-key shape' },
];

/** The first line comment of a file: what it is for. */
function summaryOf(source, path) {
  const match = /^\/\/ (.+)$/m.exec(source.split('\n').find((line) => line.trim() !== '') ?? '');
  if (!match) throw new Error(`${path}: the first line must be a // comment saying what the file is for`);
  return match[1].trim();
}

/** `import { Dialog as DialogPrimitive } from 'radix-ui'` makes DialogPrimitive read as Dialog. */
function importAliases(file) {
  const aliases = new Map();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause?.namedBindings) continue;
    const bindings = statement.importClause.namedBindings;
    if (!ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      if (element.propertyName) aliases.set(element.name.text, element.propertyName.text);
    }
  }
  return aliases;
}

/** The variants of `const x = cva(base, { variants: { name: { option: ... } } })`, by variable name. */
function cvaVariants(file) {
  const found = new Map();
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const call = declaration.initializer;
      if (!call || !ts.isCallExpression(call) || call.expression.getText(file) !== 'cva') continue;
      const config = call.arguments[1];
      const variants = config && ts.isObjectLiteralExpression(config) ? config.properties.find((p) => p.name?.getText(file) === 'variants') : undefined;
      if (!variants || !ts.isPropertyAssignment(variants) || !ts.isObjectLiteralExpression(variants.initializer)) continue;
      const props = variants.initializer.properties.filter(ts.isPropertyAssignment).map((variant) => {
        const options = ts.isObjectLiteralExpression(variant.initializer) ? variant.initializer.properties.map((o) => `'${o.name.getText(file).replace(/^'|'$/g, '')}'`) : [];
        return `${variant.name.getText(file)}?: ${options.join(' | ')}`;
      });
      found.set(declaration.name.getText(file), props);
    }
  }
  return found;
}

/** A props type, flattened: own members listed, then what it passes on ("<button> props", "Radix Dialog.Content props"). */
function describeProps(type, file, context) {
  const own = [];
  const passes = [];
  const visit = (node) => {
    if (ts.isIntersectionTypeNode(node)) return node.types.forEach(visit);
    if (ts.isTypeLiteralNode(node)) {
      for (const member of node.members) own.push(member.getText(file).replace(/;$/, ''));
      return;
    }
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText(file);
      const [argument] = node.typeArguments ?? [];
      if (name === 'ComponentProps' && argument) {
        if (ts.isLiteralTypeNode(argument)) return passes.push(`<${argument.literal.text}> props`);
        if (ts.isTypeQueryNode(argument)) {
          const [object, ...rest] = argument.exprName.getText(file).split('.');
          const real = context.aliases.get(object) ?? object;
          return passes.push(context.radix.has(object) ? `Radix ${[real, ...rest].join('.')} props` : `${[real, ...rest].join('.')} props`);
        }
      }
      if (name === 'VariantProps' && argument && ts.isTypeQueryNode(argument)) {
        const variants = context.variants.get(argument.exprName.getText(file));
        if (variants) return own.push(...variants);
      }
      if (name === 'ControllerProps') return passes.push('react-hook-form Controller props (name, control, render)');
      if (name === 'ToasterProps') return passes.push('sonner Toaster props');
    }
    passes.push(node.getText(file));
  };
  visit(type);
  return [...own, ...passes].join('; ');
}

/** A component as { name, props }, anything else as its signature. */
function describeFunction(name, node, file, context) {
  const params = node.parameters;
  if (params.length === 1 && params[0].type && (ts.isObjectBindingPattern(params[0].name) || params[0].name.getText(file) === 'props')) {
    return { name, props: describeProps(params[0].type, file, context) };
  }
  return `${name}(${params.map((p) => p.getText(file)).join(', ')})`;
}

/** Components with the same props share a line: `Card`, `CardHeader`, ...: <div> props. */
function groupLines(entries) {
  const lines = [];
  const groups = new Map();
  for (const entry of entries) {
    if (typeof entry === 'string') {
      lines.push(`\`${entry}\``);
      continue;
    }
    const group = groups.get(entry.props);
    if (group) group.names.push(entry.name);
    else {
      const created = { names: [entry.name], props: entry.props };
      groups.set(entry.props, created);
      lines.push(created);
    }
  }
  return lines.map((line) =>
    typeof line === 'string' ? line : line.names.length === 1 ? `\`${line.names[0]}({ ${line.props} })\`` : `${line.names.map((n) => `\`${n}\``).join(', ')}: \`{ ${line.props} }\``,
  );
}

/** Each export of a file, as one short line. */
function describeExports(file, context) {
  const lines = [];
  const exported = (node) => node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of file.statements) {
    if (!exported(statement)) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name) {
      lines.push(describeFunction(statement.name.text, statement, file, context));
    } else if (ts.isClassDeclaration(statement) && statement.name) {
      const constructor = statement.members.find(ts.isConstructorDeclaration);
      const params = (constructor?.parameters ?? []).map((p) => p.name.getText(file) + (p.questionToken || p.initializer ? '?' : ''));
      lines.push(`class ${statement.name.text}(${params.join(', ')})`);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const name = declaration.name.getText(file);
        const init = declaration.initializer;
        if (context.variants.has(name))
          lines.push(
            `${name}({ ${context.variants
              .get(name)
              .map((v) => v.split('?')[0])
              .join(', ')} }): the classes, for other elements`,
          );
        else if (init && ts.isObjectLiteralExpression(init)) lines.push(`${name}.{${init.properties.map((p) => p.name.getText(file)).join(', ')}}`);
        else if (init && ts.isIdentifier(init)) lines.push(`${name} (react-hook-form's ${init.text})`);
        else lines.push(name);
      }
    }
  }
  return lines;
}

function describeFile(path) {
  const source = readFileSync(join(TEMPLATE_DIR, path), 'utf8');
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const radix = new Set();
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && statement.moduleSpecifier.text === 'radix-ui') {
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) bindings.elements.forEach((e) => radix.add(e.name.text));
    }
  }
  const context = { aliases: importAliases(file), variants: cvaVariants(file), radix };
  return { summary: summaryOf(source, path), exports: describeExports(file, context) };
}

/** The whole list, as the prompt shows it. */
export function componentList() {
  const sections = LISTED_MODULES.map(({ module, file, shapes }) => {
    const { summary, exports } = describeFile(file);
    const where = shapes === 'every shape' ? '' : ` (${shapes})`;
    return [`- \`${module}\`${where}: ${summary}`, ...groupLines(exports).map((line) => `  - ${line}`)].join('\n');
  });
  return ['<!-- Generated from api/templates/v2 by `node scripts/lib/template-components.mjs`; a unit test keeps it in step. -->', '', ...sections, ''].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(COMPONENT_LIST_FILE, componentList());
  console.log(`Wrote ${COMPONENT_LIST_FILE.slice(root.length)}`);
}
